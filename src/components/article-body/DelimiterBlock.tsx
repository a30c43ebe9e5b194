import * as React from "react";
import * as styles from "./article-body.module.css";

/** A break between parts of the article. */
export function DelimiterBlock(): JSX.Element {
  return <hr className={styles.delimiter} />;
}
