import * as React from "react";
import { render } from "@testing-library/react";
import { safeBlocks, type BodyRules } from "@kindred/article";
import { ArticleBody } from "../../src/components/article-body/ArticleBody";

// Article bodies as a reader of the site sees them: Editor.js blocks through the sanitizer and the
// site's ArticleBody, for the tests of the components that draw each block.

/** The rules of a site whose editor kept the tools' own names and whose images come from one host. */
export const CARD_RULES: BodyRules = {
  toolNames: {},
  imagePolicy: { hosts: ["images.kindred.example"], allowInsecure: false },
};

/**
 * Renders saved Editor.js blocks as the site's article body and returns its element; `rules` are
 * the build's own when left out, and `report` hears of every block left out or cut.
 */
export function renderBody(blocks: unknown[], rules?: BodyRules, report?: (message: string) => void): HTMLElement {
  const { container } = render(<ArticleBody blocks={safeBlocks(blocks, report, rules)} />);
  return container.querySelector("[data-article-body]") as HTMLElement;
}

/** One item of a list as @editorjs/list 2.x saves it. */
export const listItem = (content: string, meta: Record<string, unknown> = {}, items: unknown[] = []) => ({
  content,
  meta,
  items,
});
