import * as React from "react";
import type { SafeBlock } from "../../lib/article-body";

/** A heading one level below the editor's, so the article title stays the page's only h1. */
export function HeaderBlock({ block }: { block: Extract<SafeBlock, { type: "header" }> }): JSX.Element {
  const Tag = `h${Math.min(6, block.level + 1)}` as "h2" | "h3" | "h4" | "h5" | "h6";
  return <Tag data-editor-level={block.level} dangerouslySetInnerHTML={{ __html: block.html }} />;
}
