/** The support address the policies and the footer give. */
export const SUPPORT_EMAIL = "support@kindred.app";
/** When the policies last changed. */
export const POLICIES_UPDATED = "1 November 2023";
