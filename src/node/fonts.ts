import { cp } from "node:fs/promises";
import path from "node:path";
import type { ParentSpanPluginArgs } from "gatsby";
import { siteDir } from "./site-paths";

/** Where the variable Outfit font files are installed, relative to the site. */
export const FONT_FILES = path.join("node_modules", "@fontsource-variable", "outfit", "files");

/**
 * onPreBootstrap: publishes the font files under /fonts/, the stable URLs that global.css and the
 * preload link use (webpack would otherwise give them hashed names).
 */
export async function publishFonts({ store }: Pick<ParentSpanPluginArgs, "store">): Promise<void> {
  const root = siteDir(store);
  await cp(path.join(root, FONT_FILES), path.join(root, "public", "fonts"), { recursive: true });
}
