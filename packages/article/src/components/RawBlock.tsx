import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

/** Raw HTML (@editorjs/raw) after the sanitizer kept its paragraphs, lists, headings, marks and links. */
export function RawBlock({ block }: { block: Extract<SafeBlock, { type: "raw" }> }): JSX.Element {
  return <div className={useBodyClasses().raw} data-block="raw" dangerouslySetInnerHTML={{ __html: block.html }} />;
}
