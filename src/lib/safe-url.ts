// The one URL check of the site, used at build time and in the browser: a value is parsed exactly as
// the browser will parse it (WHATWG `new URL`), and only the parsed result is judged and emitted, so
// a backslash, a protocol-relative form, a tab inside a scheme or an encoded dot cannot make the
// address we approve differ from the one the browser loads. No Node modules: this runs in pages.

/** A base that stands for "this site" while parsing site paths; `.invalid` never resolves. */
const SITE_BASE = "https://this-site.invalid";

/** ASCII control characters (C0 and DEL); the URL parser silently drops some of them. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Leading and trailing whitespace, which browsers strip from attribute URLs before parsing. */
const EDGE_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

export type UrlScheme = "http" | "https" | "mailto";

export interface UrlRule {
  /** Schemes an absolute URL may use. */
  schemes: readonly UrlScheme[];
  /** Whether a site path ("/blog-images/a.webp") is accepted; it must stay on this site. */
  sitePaths: boolean;
}

/** Images and embeds in an article body: http(s) anywhere, or a path on this site. */
export const IMAGE_URL: UrlRule = { schemes: ["http", "https"], sitePaths: true };
/** Links in an article body: http(s) and mailto anywhere, or a path on this site. */
export const LINK_URL: UrlRule = { schemes: ["http", "https", "mailto"], sitePaths: true };

export type ParsedUrl = { kind: "site"; path: string } | { kind: "absolute"; url: URL };

/**
 * Parses a URL as a browser would and says what it really points at, or null when it is not a URL
 * this site will emit: control characters inside, a relative form that is not a site path, a site
 * path that leaves the site (`//host`, `/\host`), or a scheme outside `rule`.
 */
export function parseUrl(value: unknown, rule: UrlRule): ParsedUrl | null {
  if (typeof value !== "string") return null;
  const trimmed = value.replace(EDGE_WHITESPACE, "");
  if (trimmed === "" || CONTROL_CHARACTERS.test(trimmed)) return null;
  let absolute: URL | null = null;
  try {
    absolute = new URL(trimmed);
  } catch {
    absolute = null;
  }
  if (absolute) {
    const scheme = absolute.protocol.slice(0, -1);
    if (!(rule.schemes as readonly string[]).includes(scheme)) return null;
    // https://kindred.app@evil.example/ reads like our site and goes elsewhere.
    if (absolute.username !== "" || absolute.password !== "") return null;
    if (scheme !== "mailto" && absolute.hostname === "") return null;
    return { kind: "absolute", url: absolute };
  }
  if (!rule.sitePaths || !trimmed.startsWith("/")) return null;
  let resolved: URL;
  try {
    resolved = new URL(trimmed, SITE_BASE);
  } catch {
    return null;
  }
  // "/\evil.example/x" and "//evil.example/x" resolve to another host; "/.//evil.example" keeps
  // ours but its path would read as protocol-relative once written back into a page.
  if (resolved.origin !== SITE_BASE || resolved.pathname.startsWith("//")) return null;
  return { kind: "site", path: `${resolved.pathname}${resolved.search}${resolved.hash}` };
}

/** The URL as the page should write it (the parser's own serialization), or null when refused. */
export function checkedUrl(value: unknown, rule: UrlRule): string | null {
  const parsed = parseUrl(value, rule);
  if (!parsed) return null;
  return parsed.kind === "site" ? parsed.path : parsed.url.href;
}
