import { readFile } from "node:fs/promises";
import path from "node:path";
import { APPLE_TOUCH_ICON } from "../lib/site-files";
import { MARK_SVG, iconsVersion, versionedIcon } from "./manifest";

/** The global through which gatsby-ssr.tsx, in the HTML renderer, learns the icons it links. */
export const SITE_ICONS_GLOBAL = "__SITE_ICONS__";

export interface SiteIcons {
  /** The favicon: the mark itself, as an SVG data URL. */
  favicon: string;
  /** The Apple touch icon's published name, with the icons' version. */
  appleTouchIcon: string;
}

/**
 * An SVG as a data URL, short and valid in an HTML attribute: the markup's white space between
 * tags goes, and only what a URL cannot hold as it is gets escaped (%, #, <, >, {, }, quotes, which
 * React would write as entities, and white space, which the HTML standard does not allow in a URL).
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.replace(/>\s+</g, "><").replace(/\s+/g, " ").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>{}"'\s]/g, (char) =>
    char === "'" ? "%27" : encodeURIComponent(char),
  )}`;
}

/**
 * The icons the head links. The favicon is the brand mark inline, as an SVG data URL (1.5 kB,
 * 0.45 kB gzipped in the page): a linked file is one more request that every first visit makes
 * while the page is still painting, on a connection of its own on HTTP/1.1, and Lighthouse's
 * mobile run counted it in the largest paint (docs/first-load.md). Crawlers that want a file have
 * the Apple touch icon, a 180 px PNG. /favicon.png and /favicon.ico (the same PNG: Safari before 26
 * reads no SVG icon and asks for /favicon.ico) stay for browsers that ask for a file by name.
 */
export async function siteIcons(root: string): Promise<SiteIcons> {
  const mark = await readFile(path.join(root, MARK_SVG), "utf8");
  return {
    // The root's fixed size goes: a favicon is drawn at whatever size the browser wants.
    favicon: svgDataUrl(mark.replace(/<svg\b[^>]*>/, (root) => root.replace(/\s(?:width|height)="[^"]*"/g, ""))),
    appleTouchIcon: versionedIcon(APPLE_TOUCH_ICON, await iconsVersion(root)),
  };
}
