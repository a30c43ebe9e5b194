import { plainText, sanitizeInline } from "./sanitize";
import { checkedUrl, IMAGE_URL } from "./safe-url";
import type { SafeBlock, SafeListItem } from "./article-blocks";

export type { SafeBlock, SafeListItem } from "./article-blocks";
export { headingTag } from "./article-blocks";

export interface RawBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
}

/** How deep lists nest, and how large tables grow, before the rest is left out (with a warning). */
export const MAX_LIST_DEPTH = 5;
export const MAX_TABLE_ROWS = 200;
export const MAX_TABLE_COLUMNS = 20;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An image or embed source as the browser will load it: an http(s) URL, or a path that stays on
 * this site; never javascript:, data:, protocol-relative or backslash forms (src/lib/safe-url.ts).
 */
export function safeUrl(value: unknown): string | null {
  return checkedUrl(value, IMAGE_URL);
}

/** Embeds the site allows, each built only from an id parsed out of the source URL. */
const EMBED_SERVICES: { service: string; pattern: RegExp; embed: (m: RegExpMatchArray) => string }[] = [
  {
    service: "YouTube",
    pattern: /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})(?:[&?#].*)?$/,
    embed: (m) => `https://www.youtube-nocookie.com/embed/${m[1]}`,
  },
  { service: "Vimeo", pattern: /^https:\/\/(?:www\.)?vimeo\.com\/(\d{1,12})(?:[/?#].*)?$/, embed: (m) => `https://player.vimeo.com/video/${m[1]}` },
  {
    service: "Instagram",
    pattern: /^https:\/\/(?:www\.)?instagram\.com\/(p|reel)\/([\w-]{5,40})\/?(?:[?#].*)?$/,
    embed: (m) => `https://www.instagram.com/${m[1]}/${m[2]}/embed`,
  },
  {
    service: "X",
    pattern: /^https:\/\/(?:www\.)?(?:twitter|x)\.com\/\w{1,15}\/status\/(\d{1,20})(?:[/?#].*)?$/,
    embed: (m) => `https://platform.twitter.com/embed/Tweet.html?id=${m[1]}`,
  },
  {
    service: "CodePen",
    pattern: /^https:\/\/codepen\.io\/([\w-]{1,40})\/(?:pen|embed)\/(\w{1,20})\/?(?:[?#].*)?$/,
    embed: (m) => `https://codepen.io/${m[1]}/embed/${m[2]}?default-tab=result`,
  },
];

/** The allowlisted embed for a source URL, or null. */
export function embedFor(source: string): { service: string; embedUrl: string } | null {
  for (const { service, pattern, embed } of EMBED_SERVICES) {
    const match = source.match(pattern);
    if (match) return { service, embedUrl: embed(match) };
  }
  return null;
}

/** List items down to MAX_LIST_DEPTH levels; `cut` is told when deeper items are left out. */
function listItems(items: unknown, depth: number, cut: () => void): SafeListItem[] {
  if (!Array.isArray(items) || items.length === 0) return [];
  if (depth > MAX_LIST_DEPTH) {
    cut();
    return [];
  }
  return items.map((item: unknown) =>
    isRecord(item)
      ? { html: sanitizeInline(item.content), items: listItems(item.items, depth + 1, cut) }
      : { html: sanitizeInline(item), items: [] },
  );
}

/** The rows of a table block: Editor.js writes arrays, Firestore (no nested arrays) `{cells: [...]}`. */
function tableRows(content: unknown): unknown[][] {
  if (!Array.isArray(content)) return [];
  return content.map((row: unknown) => {
    const cells: unknown = isRecord(row) ? row.cells : row;
    return Array.isArray(cells) ? cells : [];
  });
}

export type SafeBlockResult = { block: SafeBlock; warnings?: string[] } | { skipped: string };

/**
 * Checks and sanitizes one block: the safe block (with a warning for anything left out of it, such
 * as too deep a list or too large a table), or the reason it cannot be shown at all.
 */
export function safeBlock(block: RawBlock): SafeBlockResult {
  const data = isRecord(block.data) ? block.data : {};
  switch (block.type) {
    case "paragraph":
      return { block: { type: "paragraph", html: sanitizeInline(data.text) } };
    case "header": {
      const level = Number(data.level);
      return {
        block: { type: "header", html: sanitizeInline(data.text), level: ([1, 2, 3, 4, 5, 6].includes(level) ? level : 2) as 1 | 2 | 3 | 4 | 5 | 6 },
      };
    }
    case "list": {
      let cut = false;
      const items = listItems(data.items, 1, () => (cut = true));
      const block: SafeBlock = { type: "list", ordered: data.style === "ordered", items };
      return cut ? { block, warnings: [`items nested deeper than ${MAX_LIST_DEPTH} levels were left out`] } : { block };
    }
    case "quote":
      return {
        block: { type: "quote", html: sanitizeInline(data.text), caption: sanitizeInline(data.caption), alignment: data.alignment === "center" ? "center" : "left" },
      };
    case "delimiter":
      return { block: { type: "delimiter" } };
    case "image": {
      const url = safeUrl(isRecord(data.file) ? data.file.url : data.url);
      if (!url) return { skipped: "image without an http(s) URL" };
      return {
        block: {
          type: "image",
          url,
          caption: sanitizeInline(data.caption),
          alt: plainText(data.caption),
          withBorder: data.withBorder === true,
          stretched: data.stretched === true,
          withBackground: data.withBackground === true,
        },
      };
    }
    case "table": {
      const rows = tableRows(data.content);
      const widest = rows.reduce((most, row) => Math.max(most, row.length), 0);
      const block: SafeBlock = {
        type: "table",
        withHeadings: data.withHeadings === true,
        rows: rows.slice(0, MAX_TABLE_ROWS).map((row) => row.slice(0, MAX_TABLE_COLUMNS).map((cell: unknown) => sanitizeInline(cell))),
      };
      if (rows.length <= MAX_TABLE_ROWS && widest <= MAX_TABLE_COLUMNS) return { block };
      return {
        block,
        warnings: [`a table of ${rows.length} rows and up to ${widest} columns was cut to ${MAX_TABLE_ROWS} × ${MAX_TABLE_COLUMNS}`],
      };
    }
    case "code":
      return { block: { type: "code", code: text(data.code) } };
    case "embed": {
      const source = safeUrl(data.source);
      if (!source) return { skipped: "embed without an http(s) source" };
      const embed = embedFor(source);
      const caption = sanitizeInline(data.caption);
      if (!embed) return { block: { type: "link", href: source, caption } };
      const width = Number(data.width);
      const height = Number(data.height);
      const ratio = width > 0 && height > 0 ? width / height : 16 / 9;
      return {
        block: { type: "embed", service: embed.service, embedUrl: embed.embedUrl, sourceUrl: source, caption, aspectRatio: Math.min(3, Math.max(0.5, ratio)) },
      };
    }
    default:
      return { skipped: `unknown block type "${block.type}"` };
  }
}

/**
 * Every block of an article made safe; unknown or unusable blocks are left out and anything cut
 * from a block is dropped, each reported through `report` with the block's index and type.
 */
export function safeBlocks(blocks: unknown, report: (message: string) => void = () => undefined): SafeBlock[] {
  if (!Array.isArray(blocks)) return [];
  const safe: SafeBlock[] = [];
  blocks.forEach((raw: unknown, index) => {
    if (!isRecord(raw) || typeof raw.type !== "string") {
      report(`block ${index} is not an Editor.js block`);
      return;
    }
    const result = safeBlock({ type: raw.type, data: isRecord(raw.data) ? raw.data : {} });
    if ("skipped" in result) {
      report(`block ${index}: ${result.skipped}; left out`);
      return;
    }
    safe.push(result.block);
    for (const warning of result.warnings ?? []) report(`block ${index} (${raw.type}): ${warning}`);
  });
  return safe;
}
