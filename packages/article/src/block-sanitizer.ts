import { plainText, sanitizeInline } from "./inline-sanitizer.ts";
import { builtCoverPolicy, checkedUrl, editorUrl, IMAGE_URL, type CoverImagePolicy } from "./safe-url.ts";
import { OL_TYPE, type CounterType, type SafeBlock, type SafeBlockContent, type SafeListItem } from "./safe-block.ts";
import { fileBlock, linkCardBlock, personBlock, rawBlock, warningBlock } from "./card-blocks.ts";
import { safeTunes } from "./block-tunes.ts";
import { configuredToolNames, knownTool, type EditorToolNames } from "./editor-tools.ts";

export type { SafeBlock, SafeListItem } from "./safe-block.ts";
export { headingTag } from "./safe-block.ts";
export { editorUrl } from "./safe-url.ts";

export interface RawBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  tunes?: unknown;
}

/**
 * What a body may use beyond the fixed rules: the names this site gave its Editor.js tools, and the
 * hosts whose images a link card or person card may show (the cover policy).
 */
export interface BodyRules {
  toolNames: EditorToolNames;
  imagePolicy: CoverImagePolicy;
}

/** The rules this site was built with (the source plugin hands them to every process and bundle). */
export function builtBodyRules(): BodyRules {
  return { toolNames: configuredToolNames(), imagePolicy: builtCoverPolicy() };
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
 * this site; never javascript:, data:, protocol-relative or backslash forms (packages/article/src/safe-url.ts).
 */
export function safeUrl(value: unknown): string | null {
  return checkedUrl(editorUrl(value), IMAGE_URL);
}

/** Embeds the site allows, each built only from an id parsed out of the source URL. */
const EMBED_SERVICES: { service: string; pattern: RegExp; embed: (m: RegExpMatchArray) => string }[] = [
  {
    service: "YouTube",
    pattern:
      /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{11})(?:[&?#].*)?$/,
    embed: (m) => `https://www.youtube-nocookie.com/embed/${m[1]}`,
  },
  {
    service: "Vimeo",
    pattern: /^https:\/\/(?:www\.)?vimeo\.com\/(\d{1,12})(?:[/?#].*)?$/,
    embed: (m) => `https://player.vimeo.com/video/${m[1]}`,
  },
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

export type SafeBlockResult = { block: SafeBlockContent; warnings?: string[] } | { skipped: string };

const COUNTER_TYPES = Object.keys(OL_TYPE) as CounterType[];

/** The farthest an ordered list's first number may be from zero; beyond it the list starts at 1. */
const MAX_LIST_START = 1_000_000;

/**
 * One list item in any of the shapes the list tools save: a List 1.x string, a List 2.x or
 * nested-list object (`content`, `meta.checked`, nested `items`), or a checklist tool item (`text`,
 * `checked`). `checklist` says whether the checked state is kept.
 */
function listItem(item: unknown, checklist: boolean, nested: () => SafeListItem[]): SafeListItem {
  if (!isRecord(item)) return { html: sanitizeInline(item), items: [] };
  const html = sanitizeInline(typeof item.content === "string" ? item.content : item.text);
  const items = nested();
  if (!checklist) return { html, items };
  const checked = isRecord(item.meta) ? item.meta.checked === true : item.checked === true;
  return { html, checked, items };
}

/** List items down to MAX_LIST_DEPTH levels; `cut` is told when deeper items are left out. */
function listItems(items: unknown, depth: number, checklist: boolean, cut: () => void): SafeListItem[] {
  if (!Array.isArray(items) || items.length === 0) return [];
  if (depth > MAX_LIST_DEPTH) {
    cut();
    return [];
  }
  return items.map((item: unknown) =>
    listItem(item, checklist, () => (isRecord(item) ? listItems(item.items, depth + 1, checklist, cut) : [])),
  );
}

/**
 * A list block from List 1.x or 2.x, nested-list or the checklist tool: its style, where an ordered
 * list starts and how it counts (List 2.x `meta.start` and `meta.counterType`), and its items.
 */
function listBlock(data: Record<string, unknown>, style: "ordered" | "unordered" | "checklist"): SafeBlockResult {
  const meta = isRecord(data.meta) ? data.meta : {};
  let cut = false;
  const items = listItems(data.items, 1, style === "checklist", () => (cut = true));
  const start = Number(meta.start);
  const block: SafeBlockContent = {
    type: "list",
    style,
    start: Number.isInteger(start) && Math.abs(start) <= MAX_LIST_START ? start : 1,
    counterType: COUNTER_TYPES.find((type) => type === meta.counterType) ?? "numeric",
    items,
  };
  return cut ? { block, warnings: [`items nested deeper than ${MAX_LIST_DEPTH} levels were left out`] } : { block };
}

/** The style a list block asks for; anything unknown is a bulleted list. */
function listStyle(value: unknown): "ordered" | "unordered" | "checklist" {
  return value === "ordered" || value === "checklist" ? value : "unordered";
}

/** An image block, from the image tool (`file.url`) or simple-image (`url`), with its options. */
function imageBlock(data: Record<string, unknown>): SafeBlockResult {
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

/** The rows of a table block: Editor.js writes arrays, Firestore (no nested arrays) `{cells: [...]}`. */
function tableRows(content: unknown): unknown[][] {
  if (!Array.isArray(content)) return [];
  return content.map((row: unknown) => {
    const cells: unknown = isRecord(row) ? row.cells : row;
    return Array.isArray(cells) ? cells : [];
  });
}

/**
 * Checks and sanitizes one block's content (its tunes are read by safeBlocks): the safe block (with
 * a warning for anything left out of it, such as too deep a list or too large a table), or the
 * reason it cannot be shown at all. The block's type is read through the site's tool names.
 */
export function safeBlock(block: RawBlock, rules: BodyRules = builtBodyRules()): SafeBlockResult {
  const data = isRecord(block.data) ? block.data : {};
  switch (knownTool(block.type, rules.toolNames)) {
    case "paragraph":
      return { block: { type: "paragraph", html: sanitizeInline(data.text) } };
    case "header": {
      const level = Number(data.level);
      return {
        block: {
          type: "header",
          html: sanitizeInline(data.text),
          level: ([1, 2, 3, 4, 5, 6].includes(level) ? level : 2) as 1 | 2 | 3 | 4 | 5 | 6,
        },
      };
    }
    // The names the official tools' own documentation gives them: nested-list and simple-image are
    // often set up under "list" and "image", which their data shapes tell apart.
    case "list":
    case "nestedList":
      return listBlock(data, listStyle(data.style));
    case "checklist":
      return listBlock(data, "checklist");
    case "quote":
      return {
        block: {
          type: "quote",
          html: sanitizeInline(data.text),
          caption: sanitizeInline(data.caption),
          alignment: data.alignment === "center" ? "center" : "left",
        },
      };
    case "delimiter":
      return { block: { type: "delimiter" } };
    case "image":
    case "simpleImage":
      return imageBlock(data);
    case "table": {
      const rows = tableRows(data.content);
      const widest = rows.reduce((most, row) => Math.max(most, row.length), 0);
      const block: SafeBlockContent = {
        type: "table",
        withHeadings: data.withHeadings === true,
        rows: rows
          .slice(0, MAX_TABLE_ROWS)
          .map((row) => row.slice(0, MAX_TABLE_COLUMNS).map((cell: unknown) => sanitizeInline(cell))),
      };
      if (rows.length <= MAX_TABLE_ROWS && widest <= MAX_TABLE_COLUMNS) return { block };
      return {
        block,
        warnings: [
          `a table of ${rows.length} rows and up to ${widest} columns was cut to ${MAX_TABLE_ROWS} × ${MAX_TABLE_COLUMNS}`,
        ],
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
        block: {
          type: "embed",
          service: embed.service,
          embedUrl: embed.embedUrl,
          sourceUrl: source,
          caption,
          aspectRatio: Math.min(3, Math.max(0.5, ratio)),
        },
      };
    }
    case "warning":
      return warningBlock(data);
    case "attaches":
      return fileBlock(data);
    case "linkTool":
      return linkCardBlock(data, rules.imagePolicy);
    case "raw":
      return rawBlock(data);
    case "personality":
      return personBlock(data, rules.imagePolicy);
    case null:
      return { skipped: `unknown block type "${block.type}"` };
  }
}

/** Where a block problem is reported: the log's words, and the block's index, type and reason apart. */
export type BlockReport = (message: string, block: { block: number; type: string; reason: string }) => void;

/**
 * Every block of an article made safe; unknown or unusable blocks are left out and anything cut
 * from a block is dropped, each reported through `report` with the block's index and type: its
 * place in the stored article, through `storedIndex` when blocks before it were already left out
 * (storedBlockIndex in editor-content.ts).
 */
export function safeBlocks(
  blocks: unknown,
  report: BlockReport = () => undefined,
  rules: BodyRules = builtBodyRules(),
  storedIndex: (index: number) => number = (index) => index,
): SafeBlock[] {
  if (!Array.isArray(blocks)) return [];
  const safe: SafeBlock[] = [];
  blocks.forEach((raw: unknown, kept) => {
    const index = storedIndex(kept);
    if (!isRecord(raw) || typeof raw.type !== "string") {
      const reason = "is not an Editor.js block";
      report(`block ${index} ${reason}`, { block: index, type: "unknown", reason });
      return;
    }
    const result = safeBlock({ type: raw.type, data: isRecord(raw.data) ? raw.data : {} }, rules);
    if ("skipped" in result) {
      const reason = `${result.skipped}; left out`;
      report(`block ${index}: ${reason}`, { block: index, type: raw.type, reason });
      return;
    }
    const tunes = safeTunes(raw.tunes, rules.toolNames);
    safe.push(tunes ? { ...result.block, tunes } : result.block);
    for (const warning of result.warnings ?? [])
      report(`block ${index} (${raw.type}): ${warning}`, { block: index, type: raw.type, reason: warning });
  });
  return safe;
}
