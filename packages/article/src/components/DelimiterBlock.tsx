import * as React from "react";
import { useBodyClasses } from "./body-classes.ts";

/** A break between parts of the article. */
export function DelimiterBlock(): JSX.Element {
  return <hr className={useBodyClasses().delimiter} />;
}
