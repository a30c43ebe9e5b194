import { builtBodyRules, normalizeContent, safeBlocks, storedBlockIndex, type SafeBlock } from "@kindred/article";

// The body the editor is typing, made as the build makes it (the source plugin's normalizeContent,
// then finishBody's sanitizer and highlighter, all from @kindred/article), block by block, so that the
// preview knows which block of the editor each drawn block comes from. The highlighter is passed in
// (preview/highlighter.ts loads it on demand): its grammars are 0.8 MB, and most articles have no code.

/** `highlightCodeBlocks` of @kindred/article: the build's highlighting of code blocks. */
export type Highlighter = (blocks: SafeBlock[], rawBlocks: unknown) => SafeBlock[];

export interface LeftOutBlock {
  /** Its index in `content.blocks`. */
  block: number;
  type: string;
  reason: string;
}

export interface DraftBody {
  /** What the page draws, sanitized. */
  blocks: SafeBlock[];
  /** For each drawn block, its index in `content.blocks`. */
  sources: number[];
  /** For each drawn block, the Editor.js id of its block ("" when it has none). */
  ids: string[];
  /** Blocks the build leaves out or cuts, as saveArticle's blocksLeftOut names them. */
  leftOut: LeftOutBlock[];
  /** Set when the content is not Editor.js output at all. */
  problem?: string;
}

const idOf = (block: unknown): string =>
  typeof block === "object" && block !== null && typeof (block as { id?: unknown }).id === "string"
    ? (block as { id: string }).id
    : "";

/**
 * The body of `content` (Editor.js output) as the article page would draw it: with its code highlighted
 * when `highlight` is given, else with its code as plain text (as the site draws code in no known language).
 */
export function draftBody(content: unknown, highlight?: Highlighter): DraftBody {
  const normalized = normalizeContent("draft", content);
  if (normalized === null)
    return {
      blocks: [],
      sources: [],
      ids: [],
      leftOut: [],
      problem: "is not Editor.js output ({time, blocks, version})",
    };
  const stored = storedBlockIndex(normalized.problems);
  const rules = builtBodyRules();
  const leftOut: LeftOutBlock[] = normalized.problems.flatMap(({ field, message }) => {
    const place = /^content\.blocks\[(\d+)\]$/.exec(field)?.[1];
    return place === undefined ? [] : [{ block: Number(place), type: "(none)", reason: message }];
  });
  const kept: SafeBlock[] = [];
  const sources: number[] = [];
  const ids: string[] = [];
  const raw = normalized.content.blocks;
  raw.forEach((block, index) => {
    const at = stored(index);
    // One block at a time, as safeBlocks takes each: the same rules, the report naming its stored place.
    const [safe] = safeBlocks(
      [block],
      (_message, report) => leftOut.push(report),
      rules,
      () => at,
    );
    if (safe === undefined) return;
    kept.push(safe);
    sources.push(at);
    ids.push(idOf(block));
  });
  leftOut.sort((a, b) => a.block - b.block);
  return { blocks: highlight ? highlight(kept, raw) : kept, sources, ids, leftOut };
}
