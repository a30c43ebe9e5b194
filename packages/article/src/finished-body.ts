import { builtBodyRules, safeBlocks, type BodyRules } from "./block-sanitizer.ts";
import { highlightCodeBlocks } from "./code-highlight.ts";
import { storedBlockIndex } from "./editor-content.ts";
import { plainText } from "./inline-sanitizer.ts";
import type { SafeBlock } from "./safe-block.ts";

// An article's body as the pages get it, made once from each stored version: the source plugin
// stores these fields on the BlogPost node, so every query and every build step after it reads
// what was made here, and the editors' API tells an editor what the build will leave out.

/** The longest description, in characters, before it is cut with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

/** A block the build leaves out or cuts part of: the build log's words, and the report's fields. */
export interface LeftOutBlock {
  message: string;
  block: { block: number; type: string; reason: string };
}

/** What a body becomes for the site: its safe blocks, its summary, and what was left out of it. */
export interface FinishedBody {
  safeBlocks: SafeBlock[];
  description: string;
  leftOutBlocks: LeftOutBlock[];
}

/**
 * The page's description: the text of the first paragraph (or the title), at most 160 characters,
 * counted and cut by code point so an emoji or other astral character is never split in two.
 */
export function articleDescription(blocks: SafeBlock[], title: string): string {
  const firstParagraph = blocks.find((block) => block.type === "paragraph");
  const summary = firstParagraph && "html" in firstParagraph ? plainText(firstParagraph.html) : title;
  const characters = Array.from(summary);
  return characters.length > DESCRIPTION_LENGTH
    ? `${characters
        .slice(0, DESCRIPTION_LENGTH - 3)
        .join("")
        .trimEnd()}…`
    : summary;
}

/**
 * The body of one article version, finished: every block checked and sanitized, code highlighted,
 * and the description. `malformed` are the problems normalizeContent reported for blocks it already
 * left out, so each block left out here is named by its place in the stored article.
 */
export function finishBody(
  blocks: unknown,
  title: string,
  malformed: readonly { field: string }[] = [],
  rules: BodyRules = builtBodyRules(),
): FinishedBody {
  const leftOutBlocks: LeftOutBlock[] = [];
  const safe = highlightCodeBlocks(
    safeBlocks(blocks, (message, block) => leftOutBlocks.push({ message, block }), rules, storedBlockIndex(malformed)),
    blocks,
  );
  return { safeBlocks: safe, description: articleDescription(safe, title), leftOutBlocks };
}
