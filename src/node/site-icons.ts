import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { APPLE_TOUCH_ICON } from "../lib/site-files";
import { iconsVersion, versionedIcon } from "./manifest";

/** The global through which Seo.tsx, in the production bundles, learns the icons' published names. */
export const SITE_ICONS_GLOBAL = "__SITE_ICONS__";

/** The favicon as drawn by scripts/render-illustrations.ts, relative to the site. */
export const FAVICON_SOURCE = path.join("static", "favicon.png");

export interface SiteIcons {
  favicon: string;
  appleTouchIcon: string;
}

/**
 * Publishes the favicon under a name with its content hash and returns the names the head links.
 * Chromium asks for a page's icon again at every change of the address, `history.replaceState`
 * included; with a name that changes whenever the file does, hosting lets it be kept for a year,
 * and the browser never asks again while the site stays the same (firebase.json).
 */
export async function publishSiteIcons(root: string): Promise<SiteIcons> {
  const png = await readFile(path.join(root, FAVICON_SOURCE));
  const name = `favicon-${createHash("sha256").update(png).digest("hex").slice(0, 20)}.png`;
  await mkdir(path.join(root, "public"), { recursive: true });
  await writeFile(path.join(root, "public", name), png);
  return { favicon: `/${name}`, appleTouchIcon: versionedIcon(APPLE_TOUCH_ICON, await iconsVersion(root)) };
}
