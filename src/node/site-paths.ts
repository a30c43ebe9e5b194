import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Store } from "gatsby";

/** The site's root folder, as Gatsby was started in it. */
export function siteDir(store: Store): string {
  const { program } = store.getState() as { program: { directory: string } };
  return program.directory;
}

/** The site's siteMetadata as gatsby-config gives it, unchecked: the caller checks what it reads. */
export function siteMetadataOf(store: Store): Record<string, unknown> {
  const { config } = store.getState() as { config?: { siteMetadata?: Record<string, unknown> } };
  return config?.siteMetadata ?? {};
}

/** The folder the built site is written to. */
export const publicDir = (store: Store): string => path.join(siteDir(store), "public");

/**
 * Writes `text` to `file` unless the file already holds exactly that, and says whether it wrote. A
 * file left alone keeps its modification time, so the CDN and the release that shares unchanged
 * files with the last one (webhook/) see it unchanged.
 */
export async function writeIfChanged(file: string, text: string): Promise<boolean> {
  if ((await readFile(file, "utf8").catch(() => undefined)) === text) return false;
  await writeFile(file, text);
  return true;
}
