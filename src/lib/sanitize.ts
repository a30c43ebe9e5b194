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

/** Plain text with every tag removed (for code blocks, captions used as titles, alt text). */
export function plainText(html: unknown): string {
  if (typeof html !== "string") return "";
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: INLINE_OPTIONS.nonTextTags });
}
