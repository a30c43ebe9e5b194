import * as React from "react";
import type { SafeBlock } from "../safe-block.ts";
import { useBodyClasses } from "./body-classes.ts";

type HeaderProps = {
  block: Extract<SafeBlock, { type: "header" }>;
  tag: "h2" | "h3" | "h4" | "h5" | "h6";
  rank: number;
};

/**
 * A heading, at the level its rank gives it (packages/article/src/safe-block.ts), so the article title stays
 * the page's only h1. HTML runs out of levels below h6, so the look follows the editor's rank: six
 * levels, six styles.
 */
export function HeaderBlock({ block, tag, rank }: HeaderProps): JSX.Element {
  const Tag = tag;
  return (
    <Tag
      className={useBodyClasses()[`heading${rank}`]}
      data-editor-level={block.level}
      dangerouslySetInnerHTML={{ __html: block.html }}
    />
  );
}
