import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";

/** A paragraph; its inline HTML was sanitized at build time. */
export function ParagraphBlock({ block }: { block: Extract<SafeBlock, { type: "paragraph" }> }): JSX.Element {
  return <p dangerouslySetInnerHTML={{ __html: block.html }} />;
}
