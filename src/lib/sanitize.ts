import sanitizeHtml from "sanitize-html";
import { LINK_URL, parseUrl } from "./safe-url";

/** The site's own origin, so only links elsewhere open in a new tab. */
const SITE_ORIGIN = ((): string => {
  try {
    return new URL(process.env.SITE_URL ?? "https://kindred.app").origin;
  } catch {
    return "https://kindred.app";
  }
})();

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
    // The address is judged as the browser will parse it (src/lib/safe-url.ts) and written back in
    // the parser's own form; a link whose address is refused keeps its text and loses the address.
    a: (tagName, attribs) => {
      const parsed = parseUrl(attribs.href, LINK_URL);
      if (!parsed) return { tagName, attribs: {} };
      if (parsed.kind === "site") return { tagName, attribs: { href: parsed.path } };
      const { url } = parsed;
      const external = url.protocol !== "mailto:" && url.origin !== SITE_ORIGIN;
      const safeAttributes: sanitizeHtml.Attributes = external
        ? { href: url.href, target: "_blank", rel: "noopener noreferrer nofollow" }
        : { href: url.href };
      return { tagName, attribs: safeAttributes };
    },
  },
};

/**
 * Makes Editor.js inline HTML safe: only b, strong, i, em, u, mark, code, br and links with an
 * http(s) or mailto address, or a path on this site, survive; every other tag, attribute, handler
 * and style is removed.
 */
export function sanitizeInline(html: unknown): string {
  if (typeof html !== "string") return "";
  return sanitizeHtml(html, INLINE_OPTIONS);
}

/** Elements whose edges separate words: each one, and each <br>, becomes a space in plain text. */
const WORD_BREAKING_TAGS = ["br", "p", "div", "li", "blockquote", "figcaption", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6"];

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
  const escaped = sanitizeHtml(html, { allowedTags: WORD_BREAKING_TAGS, allowedAttributes: {}, nonTextTags: INLINE_OPTIONS.nonTextTags });
  return escaped
    .replace(/<[^>]*>/g, " ")
    .replace(/&(?:amp|lt|gt);/g, (entity) => ESCAPED_IN_TEXT[entity] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
}
