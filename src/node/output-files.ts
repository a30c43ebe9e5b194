import { readFile, writeFile } from "node:fs/promises";

// The site's folders and metadata come from Gatsby's store, whose readers live with the other code
// that knows Gatsby's internals.
export { publicDir, siteDir, siteMetadataOf } from "../../plugins/gatsby-internals/gatsby-store";

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
