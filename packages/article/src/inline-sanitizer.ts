import sanitizeHtml from "sanitize-html";
import { LINK_URL, parseUrl } from "./safe-url.ts";

// The site's address as the build was configured (SITE_URL, as in gatsby-config.ts). A browser
// bundle has no process.env: webpack writes the configured address into it as __SITE_URL__
// (src/node/webpack.ts), so the fallback route judges links exactly as the build did.
declare const __SITE_URL__: string | undefined;

const DEFAULT_SITE_URL = "https://kindred.app";

const SITE_URL = ((): URL => {
  const configured = typeof __SITE_URL__ === "string" ? __SITE_URL__ : process.env.SITE_URL;
  try {
    return new URL(configured || DEFAULT_SITE_URL);
  } catch {
    return new URL(DEFAULT_SITE_URL);
  }
})();

/** The site's host without www.: links to it, with or without www., are the site's own. */
const SITE_HOST = SITE_URL.hostname.replace(/^www\./, "");

/**
 * Whether an absolute URL points at this site: http or https, the site's host or its www. form,
 * and the site's port. Only the parsed host counts, never text elsewhere in the address.
 */
function isOwnSite(url: URL): boolean {
  return (
    (url.protocol === "https:" || url.protocol === "http:") &&
    (url.hostname === SITE_HOST || url.hostname === `www.${SITE_HOST}`) &&
    url.port === SITE_URL.port
  );
}

const INLINE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["b", "strong", "i", "em", "u", "mark", "code", "br", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside <script>, <style> and the like is dropped with the tag, never shown as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "svg", "math"],
  transformTags: {
    // The address is judged as the browser will parse it (packages/article/src/safe-url.ts) and written back in
    // the parser's own form; a link whose address is refused keeps its text and loses the address.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const parsed = parseUrl(attribs.href, LINK_URL);
      if (!parsed) return { tagName, attribs: {} };
      if (parsed.kind === "site") return { tagName, attribs: { href: parsed.path } };
      const { url } = parsed;
      if (url.protocol === "mailto:") return { tagName, attribs: { href: url.href } };
      if (isOwnSite(url)) {
        // A page of this site becomes a site path, which stays on the host serving the page (a
        // preview, `npm start`) and which the article body opens without a reload. A path that
        // would read as protocol-relative ("//host") keeps its full address.
        const path = `${url.pathname}${url.search}${url.hash}`;
        return { tagName, attribs: { href: url.pathname.startsWith("//") ? url.href : path } };
      }
      return { tagName, attribs: { href: url.href, target: "_blank", rel: "noopener noreferrer nofollow" } };
    },
  },
};

/**
 * Makes Editor.js inline HTML safe: only b, strong, i, em, u, mark, code, br and links with an
 * http(s) or mailto address, or a path on this site, survive; every other tag, attribute, handler
 * and style is removed. Links to this site's pages are written as site paths; links elsewhere open
 * in a new tab.
 */
export function sanitizeInline(html: unknown): string {
  if (typeof html !== "string") return "";
  return sanitizeHtml(html, INLINE_OPTIONS);
}

const RAW_OPTIONS: sanitizeHtml.IOptions = {
  ...INLINE_OPTIONS,
  allowedTags: [...(INLINE_OPTIONS.allowedTags as string[]), "p", "ul", "ol", "li", "h2", "h3", "h4", "h5", "h6"],
  // The page's title is its only h1: a raw block's h1 becomes the highest heading the body may use.
  transformTags: { ...INLINE_OPTIONS.transformTags, h1: sanitizeHtml.simpleTransform("h2", {}) },
};

/**
 * Makes the HTML of a raw block (@editorjs/raw) safe: the inline marks and links of
 * sanitizeInline, plus paragraphs, lists and headings (h1 becomes h2); every other element is
 * dropped and its text kept, except scripts, styles, frames and the like, whose content goes too.
 */
export function sanitizeRawHtml(html: unknown): string {
  if (typeof html !== "string") return "";
  return sanitizeHtml(html, RAW_OPTIONS).trim();
}

/** Elements whose edges separate words: each one, and each <br>, becomes a space in plain text. */
const WORD_BREAKING_TAGS = [
  "br",
  "p",
  "div",
  "li",
  "blockquote",
  "figcaption",
  "td",
  "th",
  "tr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
];

/** What sanitize-html's output escapes in text (`&`, `<`, `>`), and the character each stands for. */
const ESCAPED_IN_TEXT: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

/**
 * The text of a piece of HTML, as a reader sees it: tags dropped (scripts and styles with their
 * content), every entity decoded exactly once, and whitespace (non-breaking spaces too) collapsed.
 * The one source of descriptions, social tags, JSON-LD and alt text. The result is text, not HTML:
 * whatever writes it (React, or an escaper for XML) escapes it once.
 */
export function plainText(html: unknown): string {
  if (typeof html !== "string") return "";
  // The parser decodes every entity of the text; its output then escapes only &, < and > again,
  // so every "<" left is one of the word-breaking tags and every "&" starts one of those escapes.
  const escaped = sanitizeHtml(html, {
    allowedTags: WORD_BREAKING_TAGS,
    allowedAttributes: {},
    nonTextTags: INLINE_OPTIONS.nonTextTags,
  });
  return escaped
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt);/g, (entity) => ESCAPED_IN_TEXT[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
