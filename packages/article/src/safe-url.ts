import { decodeHTMLAttribute } from "entities";

// The one URL check of the site, used at build time and in the browser: a value is parsed exactly as
// the browser will parse it (WHATWG `new URL`), and only the parsed result is judged and emitted, so
// a backslash, a protocol-relative form, a tab inside a scheme or an encoded dot cannot make the
// address we approve differ from the one the browser loads. No Node modules: this runs in pages.

/**
 * A URL field as the editor meant it. Editor.js tools read URLs back out of the page's HTML, so one
 * saved through a contenteditable or an attribute arrives entity-encoded (`?w=1200&amp;q=80`); it is
 * decoded once, as the browser decodes an attribute value, before it is judged or written.
 */
export function editorUrl(value: unknown): unknown {
  return typeof value === "string" ? decodeHTMLAttribute(value) : value;
}

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
/** Downloads and link cards in an article body: http(s) anywhere, or a path on this site. */
export const WEB_URL: UrlRule = { schemes: ["http", "https"], sitePaths: true };
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

/** Where cover images may come from: the build downloads them, the fallback page shows them. */
export interface CoverImagePolicy {
  /** `host[:port][/path/prefix/]` entries whose https URLs are accepted. */
  hosts: readonly string[];
  /** For tests only: http, and this machine's loopback addresses (never a private network), are accepted too. */
  allowInsecure: boolean;
}

/** The Firebase Storage locations of a project: its default buckets, and `storageBucket` when set. */
export function storageImageHosts(projectId: string, storageBucket = ""): string[] {
  if (!projectId) return storageBucket ? bucketHosts(storageBucket) : [];
  const buckets = [
    ...new Set([`${projectId}.appspot.com`, `${projectId}.firebasestorage.app`, storageBucket].filter(Boolean)),
  ];
  return [...buckets.flatMap(bucketHosts), `${projectId}.appspot.com`, `${projectId}.firebasestorage.app`];
}

const bucketHosts = (bucket: string): string[] => [
  `firebasestorage.googleapis.com/v0/b/${bucket}/`,
  `storage.googleapis.com/${bucket}/`,
];

/** The octets of a dotted IPv4 address (the URL parser turns 2130706433 and 0x7f.1 into one). */
function ipv4Octets(hostname: string): number[] | null {
  const parts = hostname.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function privateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network": reaches the machine itself on Linux
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata servers
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168)
  );
}

/** The eight 16-bit groups of a bracketed IPv6 hostname as the URL parser serializes it. */
function ipv6Groups(hostname: string): number[] | null {
  if (!hostname.startsWith("[") || !hostname.endsWith("]")) return null;
  const text = hostname.slice(1, -1);
  const [head = "", tail] = text.split("::");
  const parse = (part: string): number[] => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined ? start : [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

/** Whether a parsed hostname is this machine's loopback interface, where the tests' image servers listen. */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || name === "[::1]") return true;
  return ipv4Octets(name)?.[0] === 127;
}

/** Whether a parsed hostname is this machine or a private network: never fetched by a build. */
export function isPrivateHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  const v4 = ipv4Octets(name);
  if (v4) return privateIpv4(v4);
  const v6 = ipv6Groups(name);
  if (!v6) return false;
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) {
    // ::ffff:a.b.c.d, an IPv4 address written as IPv6.
    return privateIpv4([v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff]);
  }
  const unspecifiedOrLoopback = v6.slice(0, 7).every((group) => group === 0) && (v6[7] === 0 || v6[7] === 1);
  return unspecifiedOrLoopback || (v6[0]! & 0xfe00) === 0xfc00 || (v6[0]! & 0xffc0) === 0xfe80;
}

/** Whether a URL falls under one `host[:port][/path/prefix/]` entry of a policy. */
function matchesHostEntry(url: URL, entry: string): boolean {
  const slash = entry.indexOf("/");
  const host = (slash < 0 ? entry : entry.slice(0, slash)).toLowerCase();
  if (url.host !== host) return false;
  if (slash < 0) return true;
  const prefix = entry.slice(slash);
  return url.pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
}

/**
 * A cover image URL the policy allows, as the parser serializes it, or the reason it is refused:
 * https from a listed host, never this machine or a private network (unless the policy is a test's).
 */
export function checkCoverUrl(value: unknown, policy: CoverImagePolicy): { url: string } | { refused: string } {
  const parsed = parseUrl(value, { schemes: policy.allowInsecure ? ["http", "https"] : ["https"], sitePaths: false });
  const shown = JSON.stringify(value);
  if (!parsed || parsed.kind !== "absolute") {
    return { refused: `must be an ${policy.allowInsecure ? "http(s)" : "https"} URL (got ${shown})` };
  }
  const { url } = parsed;
  if (isPrivateHost(url.hostname)) {
    // Even a test's policy keeps link-local and private networks out (a cloud's metadata server, say).
    return policy.allowInsecure && isLoopbackHost(url.hostname)
      ? { url: url.href }
      : { refused: `points at a loopback or private address (got ${shown}); covers come only from allowed hosts` };
  }
  if (!policy.hosts.some((entry) => matchesHostEntry(url, entry))) {
    const allowed = policy.hosts.length > 0 ? policy.hosts.join(", ") : "none configured";
    return { refused: `is not on an allowed image host (got ${shown}; allowed: ${allowed})` };
  }
  return { url: url.href };
}

// Written into the browser bundle by the source plugin (onCreateWebpackConfig), so the fallback page
// and the live list apply the very policy the build applied.
declare const __COVER_IMAGE_POLICY__: CoverImagePolicy | undefined;

/** The cover policy this site was built with; outside a site bundle, nothing is allowed. */
export function builtCoverPolicy(): CoverImagePolicy {
  return typeof __COVER_IMAGE_POLICY__ === "undefined" ? { hosts: [], allowInsecure: false } : __COVER_IMAGE_POLICY__;
}
