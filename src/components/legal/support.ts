/** The support address the policies and the footer give. */
export const SUPPORT_EMAIL = "support@kindred.app";
