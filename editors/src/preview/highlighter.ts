import type { Highlighter } from "./draft-body";

// The build's highlighter (highlight.js with every grammar, 0.8 MB of the editing screen's 1.8 MB) in a
// chunk of its own, fetched the first time a preview has a code block to draw.

let loading: Promise<Highlighter> | undefined;

/** Resolves with `highlightCodeBlocks` of @kindred/article, fetching it once. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import("./highlight-code").then((module) => module.highlightCodeBlocks);
  return loading;
}
