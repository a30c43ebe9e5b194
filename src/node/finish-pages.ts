import type { BuildArgs } from "gatsby";
import { pagesThisBuildProduced, writePagePolicies } from "./csp";
import { bootAfterLoad } from "./page-boot";

/**
 * onPostBuild: the two rewrites every built page gets, in order, on the pages this build produced
 * only. A warm build in which Gatsby re-rendered a handful of pages reads and writes that handful,
 * whatever the size of the site; the other pages keep their bytes and modification times.
 * 1. The page boots once it has loaded (page-boot.ts): its script tags become one inline script
 *    that inserts them.
 * 2. Its own Content-Security-Policy (csp.ts), which hashes every inline script, step 1's included,
 *    and records each page's state for the next build.
 */
export async function finishBuiltPages(args: Pick<BuildArgs, "store" | "reporter"> & { cache: Pick<BuildArgs["cache"], "get" | "set"> }): Promise<void> {
  const pages = await pagesThisBuildProduced(args);
  await bootAfterLoad(args, pages.changed);
  await writePagePolicies(args, pages);
}
