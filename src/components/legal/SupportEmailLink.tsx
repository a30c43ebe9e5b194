import * as React from "react";

/** The support address the policies and the footer give. */
export const SUPPORT_EMAIL = "support@kindred.app";

/** The support address as a mailto link, the way the policies give it. */
export function SupportEmailLink(): JSX.Element {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}
