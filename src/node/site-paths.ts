import path from "node:path";
import type { Store } from "gatsby";

/** The site's root folder, as Gatsby was started in it. */
export function siteDir(store: Store): string {
  const { program } = store.getState() as { program: { directory: string } };
  return program.directory;
}

/** The folder the built site is written to. */
export const publicDir = (store: Store): string => path.join(siteDir(store), "public");
