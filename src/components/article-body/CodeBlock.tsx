import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";
import * as styles from "./article-body.module.css";

/** Code shown as text: React escapes it, so markup inside is never interpreted. */
export function CodeBlock({ block }: { block: Extract<SafeBlock, { type: "code" }> }): JSX.Element {
  return (
    <pre className={styles.code}>
      <code>{block.code}</code>
    </pre>
  );
}
