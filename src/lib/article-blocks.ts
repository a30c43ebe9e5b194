// The shape of an article body after build-time sanitizing (article-body.ts), and what rendering
// needs of it. Kept apart from article-body.ts so pages that only render never bundle the sanitizer.

/** A list item with its nested items (Editor.js List 1.x strings or 2.x objects). */
export interface SafeListItem {
  html: string;
  items: SafeListItem[];
}

/** An Editor.js block after checking and sanitizing: every string of HTML in it is safe to render. */
export type SafeBlock =
  | { type: "paragraph"; html: string }
  | { type: "header"; html: string; level: 1 | 2 | 3 | 4 | 5 | 6 }
  | { type: "list"; ordered: boolean; items: SafeListItem[] }
  | { type: "quote"; html: string; caption: string; alignment: "left" | "center" }
  | { type: "delimiter" }
  | { type: "image"; url: string; caption: string; alt: string; withBorder: boolean; stretched: boolean; withBackground: boolean }
  | { type: "table"; withHeadings: boolean; rows: string[][] }
  | { type: "code"; code: string; /** Build-time only: the code as escaped text in `<span class="hljs-…">` tokens (src/node/highlight.ts). */ highlighted?: string }
  | { type: "embed"; service: string; embedUrl: string; sourceUrl: string; caption: string; aspectRatio: number }
  | { type: "link"; href: string; caption: string };

/**
 * The HTML heading level of an editor heading: the article's highest editor level becomes h2
 * (under the page's one h1) and the rest keep their distance from it, capped at h6.
 */
export function headingTag(level: number, blocks: SafeBlock[]): "h2" | "h3" | "h4" | "h5" | "h6" {
  const top = Math.min(...blocks.flatMap((block) => (block.type === "header" ? [block.level] : [level])));
  return `h${Math.min(6, Math.max(2, level - top + 2))}` as "h2" | "h3" | "h4" | "h5" | "h6";
}
