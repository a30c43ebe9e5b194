import { decodeHTML } from "entities";
import { plainText, sanitizeInline, sanitizeRawHtml } from "./inline-sanitizer.ts";
import {
  checkCoverUrl,
  checkedUrl,
  editorUrl,
  IMAGE_URL,
  parseUrl,
  WEB_URL,
  type CoverImagePolicy,
} from "./safe-url.ts";
import type { SafeBlockContent } from "./safe-block.ts";

// The blocks of @editorjs/warning, attaches, link, raw and personality, checked and made safe. Their
// text comes in two kinds: what the editor typed into a contenteditable (a warning's title and
// message: inline HTML, sanitized) and what a server or a plain field gave (a link card's meta, a
// person's name: plain text, never read as markup).

export type CardBlockResult = { block: SafeBlockContent } | { skipped: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A plain-text field as the reader sees it, never parsed as HTML. Editor.js escapes `&`, `<` and `>`
 * in every string it saves ("Tips &amp; habits"), so entities are decoded once, as a browser decodes
 * text; whatever that leaves is text, and whitespace is collapsed.
 */
const plain = (value: unknown): string =>
  typeof value === "string" ? decodeHTML(value).replace(/\s+/g, " ").trim() : "";

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

/** A size in bytes as people read it: "91 B", "185.5 KiB", "2.0 MiB"; "" when it is not a size. */
export function readableSize(bytes: unknown): string {
  const size = typeof bytes === "string" && bytes.trim() !== "" ? Number(bytes) : bytes;
  if (typeof size !== "number" || !Number.isFinite(size) || size < 0) return "";
  if (size < 1024) return `${Math.round(size)} B`;
  let unit = 0;
  let value = size;
  // A value that rounds to 1024.0 is shown in the next unit up.
  while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * A picture for a card (a link card's image, a person's photo): a path on this site, or an https
 * URL from a host whose images the site allows (the cover policy); otherwise null, and no picture.
 */
export function allowedCardImage(value: unknown, policy: CoverImagePolicy): string | null {
  const decoded = editorUrl(value);
  const parsed = parseUrl(decoded, IMAGE_URL);
  if (!parsed) return null;
  if (parsed.kind === "site") return parsed.path;
  const checked = checkCoverUrl(decoded, policy);
  return "url" in checked ? checked.url : null;
}

/** @editorjs/warning: a titled call-out, its title and message the editor's inline HTML. */
export function warningBlock(data: Record<string, unknown>): CardBlockResult {
  const title = sanitizeInline(data.title);
  const message = sanitizeInline(data.message);
  if (plainText(title) === "" && plainText(message) === "")
    return { skipped: "warning with neither title nor message" };
  return { block: { type: "warning", title, message } };
}

/** The extension of a file name ("Plan.PDF" gives "pdf"), or "". */
const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1) : "";
};

/** The last segment of a URL's path, percent-decoded when it can be. */
function lastSegment(href: string): string {
  const segment = new URL(href, "https://site.invalid").pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** @editorjs/attaches: a download of the file as saved (http(s) only), its title, extension and size. */
export function fileBlock(data: Record<string, unknown>): CardBlockResult {
  const file = isRecord(data.file) ? data.file : {};
  const href = checkedUrl(editorUrl(file.url), WEB_URL);
  if (!href) return { skipped: "attachment without an http(s) file URL" };
  const name = plain(file.name);
  const fromUrl = lastSegment(href);
  const title = plainText(data.title) || name || plain(fromUrl) || "Download";
  const extension = (plain(file.extension) || extensionOf(name) || extensionOf(fromUrl)).toLowerCase();
  return {
    block: {
      type: "file",
      href,
      title,
      extension: /^[\p{L}\p{N}]{1,12}$/u.test(extension) ? extension : "",
      size: readableSize(file.size),
    },
  };
}

/** @editorjs/link: a card linking to the page, with the server's title, description and image as text. */
export function linkCardBlock(data: Record<string, unknown>, policy: CoverImagePolicy): CardBlockResult {
  const parsed = parseUrl(editorUrl(data.link), WEB_URL);
  if (!parsed) return { skipped: "link card without an http(s) link" };
  const href = parsed.kind === "site" ? parsed.path : parsed.url.href;
  const host = parsed.kind === "site" ? "" : parsed.url.hostname.replace(/^www\./, "");
  const meta = isRecord(data.meta) ? data.meta : {};
  const image = isRecord(meta.image) ? meta.image.url : meta.image;
  return {
    block: {
      type: "linkCard",
      href,
      host,
      title: plain(meta.title) || plain(meta.site_name) || host || href,
      description: plain(meta.description),
      image: allowedCardImage(image, policy),
    },
  };
}

/** @editorjs/raw: the HTML through the raw-block rules of the sanitizer (src/lib/sanitize.ts). */
export function rawBlock(data: Record<string, unknown>): CardBlockResult {
  const html = sanitizeRawHtml(data.html);
  if (plainText(html) === "") return { skipped: "raw HTML with nothing a reader could see once sanitized" };
  return { block: { type: "raw", html } };
}

/** @editorjs/personality: a person card; the photo only where allowed, the link only when http(s). */
export function personBlock(data: Record<string, unknown>, policy: CoverImagePolicy): CardBlockResult {
  const name = plain(data.name);
  if (name === "") return { skipped: "person card without a name" };
  return {
    block: {
      type: "person",
      name,
      description: plain(data.description),
      link: checkedUrl(editorUrl(plain(data.link)), WEB_URL),
      photo: allowedCardImage(data.photo, policy),
    },
  };
}
