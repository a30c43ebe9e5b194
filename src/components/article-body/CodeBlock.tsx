import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";
import * as styles from "./article-body.module.css";

/**
 * Code, highlighted at build time when its editor named the language: `highlighted` holds the code
 * escaped, in `<span class="hljs-…">` tokens and nothing else (src/node/highlight.ts). Otherwise,
 * as on the client-only article route, it is plain text that React escapes.
 */
export function CodeBlock({ block }: { block: Extract<SafeBlock, { type: "code" }> }): JSX.Element {
  return (
    <pre className={styles.code}>
      {block.highlighted ? <code className={styles.highlighted} dangerouslySetInnerHTML={{ __html: block.highlighted }} /> : <code>{block.code}</code>}
    </pre>
  );
}
