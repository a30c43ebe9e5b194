import sanitizeHtml from "sanitize-html";

/** The site's own origin, so only links elsewhere open in a new tab. */
const SITE_ORIGIN = (process.env.SITE_URL ?? "https://kindred.app").replace(/\/+$/, "");

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
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:\/\//i.test(href) && !href.startsWith(`${SITE_ORIGIN}/`) && href !== SITE_ORIGIN;
      const safeAttributes: sanitizeHtml.Attributes = external
        ? { href, target: "_blank", rel: "noopener noreferrer nofollow" }
        : { href };
      return { tagName, attribs: safeAttributes };
    },
  },
};

/**
 * Makes Editor.js inline HTML safe: only b, strong, i, em, u, mark, code, br and links with an
 * http(s) or mailto address survive; every other tag, attribute, handler and style is removed.
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
