// The shape of an article body after build-time sanitizing (block-sanitizer.ts), and what rendering
// needs of it. Kept apart from block-sanitizer.ts so pages that only render never bundle the sanitizer.

/** A list item with its nested items (Editor.js List 1.x strings, 2.x objects, nested-list, checklist). */
export interface SafeListItem {
  html: string;
  /** Checklists only: whether the item is ticked. */
  checked?: boolean;
  items: SafeListItem[];
}

/** How an ordered list counts: the counter types Editor.js List 2.x offers. */
export type CounterType = "numeric" | "lower-roman" | "upper-roman" | "lower-alpha" | "upper-alpha";

/** The HTML `type` of an ordered list for each counter type, so numbering needs no style attribute. */
export const OL_TYPE: Record<CounterType, "1" | "i" | "I" | "a" | "A"> = {
  numeric: "1",
  "lower-roman": "i",
  "upper-roman": "I",
  "lower-alpha": "a",
  "upper-alpha": "A",
};

/** The text variants of @editorjs/text-variant-tune. */
export type TextVariant = "call-out" | "citation" | "details";

/** The alignments of editorjs-text-alignment-blocktune. */
export type Alignment = "left" | "center" | "right";

/** What the block tunes ask of a block; a tune that was not set, or set to its default, is absent. */
export interface BlockTunes {
  variant?: TextVariant;
  alignment?: Exclude<Alignment, "left">;
}

/** An Editor.js block after checking and sanitizing: every string of HTML in it is safe to render. */
export type SafeBlock = SafeBlockContent & { tunes?: BlockTunes };

/**
 * A block's content. Fields named `html` (or `title` and `message` of a warning) hold sanitized
 * HTML; every other string is plain text, which the renderer writes as text, never as markup.
 */
export type SafeBlockContent =
  | { type: "paragraph"; html: string }
  | { type: "header"; html: string; level: 1 | 2 | 3 | 4 | 5 | 6 }
  | {
      type: "list";
      style: "ordered" | "unordered" | "checklist";
      start: number;
      counterType: CounterType;
      items: SafeListItem[];
    }
  | { type: "quote"; html: string; caption: string; alignment: "left" | "center" }
  | { type: "delimiter" }
  | {
      type: "image";
      url: string;
      caption: string;
      alt: string;
      withBorder: boolean;
      stretched: boolean;
      withBackground: boolean;
    }
  | { type: "table"; withHeadings: boolean; rows: string[][] }
  | {
      type: "code";
      code: string;
      /** Build-time only: the code as escaped text in `<span class="hljs-…">` tokens (packages/article/src/code-highlight.ts). */ highlighted?: string;
    }
  | { type: "embed"; service: string; embedUrl: string; sourceUrl: string; caption: string; aspectRatio: number }
  | { type: "link"; href: string; caption: string }
  | { type: "warning"; title: string; message: string }
  | {
      type: "file";
      href: string;
      /** The title, or the file's name when the title is empty. */
      title: string;
      extension: string;
      /** The size as people read it ("185.5 KiB"), or "" when the editor saved none. */
      size: string;
    }
  | { type: "linkCard"; href: string; host: string; title: string; description: string; image: string | null }
  | { type: "raw"; html: string }
  | { type: "person"; name: string; description: string; link: string | null; photo: string | null };

/** The article's highest editor heading level (the smallest number); Infinity when it has none. */
export function topHeadingLevel(blocks: SafeBlock[]): number {
  return Math.min(...blocks.flatMap((block) => (block.type === "header" ? [block.level] : [])));
}

/** An editor heading's rank below the article's highest level `top`: 0 for the highest, up to 5. */
export function headingRank(level: number, top: number): number {
  return Math.min(5, Math.max(0, level - Math.min(top, level)));
}

/** The HTML heading for a rank: the highest becomes h2 (under the page's one h1), capped at h6. */
export function rankTag(rank: number): "h2" | "h3" | "h4" | "h5" | "h6" {
  return `h${Math.min(6, rank + 2)}` as "h2" | "h3" | "h4" | "h5" | "h6";
}

/**
 * The HTML heading level of an editor heading: the article's highest editor level becomes h2
 * (under the page's one h1) and the rest keep their distance from it, capped at h6.
 */
export function headingTag(level: number, blocks: SafeBlock[]): "h2" | "h3" | "h4" | "h5" | "h6" {
  return rankTag(headingRank(level, topHeadingLevel(blocks)));
}
