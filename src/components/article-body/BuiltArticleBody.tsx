// The production browser bundle runs BuiltArticleBody.browser.tsx, beside this file, in its place:
// src/node/browser-stand-ins.ts swaps every X.browser.tsx under src/ in for its X.tsx
// (docs/codebase-map.md, "What the browser runs").

import * as React from "react";
import type { SafeBlock } from "@kindred/article";
import { ArticleBody } from "./ArticleBody";

export interface BuiltArticleBodyProps {
  blocks: SafeBlock[];
  /** The article's slug: which article the server's HTML holds, for the browser's stand-in. */
  slug: string;
}

/**
 * A built article's body. Here, in the HTML renderer (and in `gatsby develop`), it is the one
 * renderer's output. The production browser bundle gets BuiltArticleBody.browser.tsx instead, which
 * keeps that HTML and ships no block renderer, so new block types never grow a built article's first
 * load.
 */
export function BuiltArticleBody({ blocks, slug }: BuiltArticleBodyProps): JSX.Element {
  return <ArticleBody blocks={blocks} slug={slug} />;
}
