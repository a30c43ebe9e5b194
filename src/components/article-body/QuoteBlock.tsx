import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";
import * as styles from "./article-body.module.css";

/** A quote with its caption and alignment. */
export function QuoteBlock({ block }: { block: Extract<SafeBlock, { type: "quote" }> }): JSX.Element {
  return (
    <figure className={`${styles.quote} ${block.alignment === "center" ? styles.center : ""}`}>
      <blockquote dangerouslySetInnerHTML={{ __html: block.html }} />
      {block.caption && <figcaption dangerouslySetInnerHTML={{ __html: block.caption }} />}
    </figure>
  );
}
