import * as React from "react";
import type { SafeBlock } from "../../lib/article-blocks";

/** A heading, at the level headingTag gave it so the article title stays the page's only h1. */
export function HeaderBlock({ block, tag }: { block: Extract<SafeBlock, { type: "header" }>; tag: "h2" | "h3" | "h4" | "h5" | "h6" }): JSX.Element {
  const Tag = tag;
  return <Tag data-editor-level={block.level} dangerouslySetInnerHTML={{ __html: block.html }} />;
}
