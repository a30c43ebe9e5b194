import * as React from "react";
import { SUPPORT_EMAIL } from "./support";

/** The support address as a mailto link, the way the policies give it. */
export function SupportEmailLink(): JSX.Element {
  return <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;
}
