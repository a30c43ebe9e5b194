import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { FeedModeContext, useBodyClasses } from "./body-classes.ts";

/**
 * Code, highlighted at build time when its editor named the language: `highlighted` holds the code
 * escaped, in `<span class="hljs-…">` tokens and nothing else (packages/article/src/code-highlight.ts). Otherwise,
 * as on the client-only article route and in the feed (whose readers lack our token colours), it is
 * plain text that React escapes.
 */
export function CodeBlock({ block }: { block: Extract<SafeBlock, { type: "code" }> }): JSX.Element {
  const classes = useBodyClasses();
  const highlighted = React.useContext(FeedModeContext) ? undefined : block.highlighted;
  return (
    <pre className={classes.code}>
      {highlighted ? (
        <code className={classes.highlighted} dangerouslySetInnerHTML={{ __html: highlighted }} />
      ) : (
        <code>{block.code}</code>
      )}
    </pre>
  );
}
