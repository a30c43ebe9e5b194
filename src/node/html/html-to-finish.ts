import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import { pagePolicy } from "../../lib/csp-policy";
import { builtPagePaths } from "../../../plugins/gatsby-internals/gatsby-store";
import { publicDir } from "../output-files";

// Which pages the steps after a build must read: the HTML files of the build's pages, and of those
// the ones this build wrote or changed since the last run stamped them (a record kept in Gatsby's
// cache), so a page Gatsby did not re-render is neither read nor written.

/** The Firestore emulator a build was pointed at, which the pages' policy must let them reach. */
export const emulatorHostFromEnv = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  env.GATSBY_FIRESTORE_EMULATOR_HOST || env.FIRESTORE_EMULATOR_HOST || undefined;

/** The policy with a placeholder for the page's hashes: when it changes, every page needs the new one. */
export const policyShape = (emulatorHost: string | undefined): string => pagePolicy(["'sha256-<page>'"], emulatorHost);

/** A file's modification time and size. */
export type FileState = [mtimeMs: number, size: number];

/** The modification time and size of a regular file; undefined when there is none. */
export async function fileState(file: string): Promise<FileState | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? [info.mtimeMs, info.size] : undefined;
  } catch {
    return undefined;
  }
}

/** Gatsby's own output folder: slice fragments already stitched into the pages, not pages themselves. */
const GATSBY_INTERNALS = "_gatsby";

/**
 * The HTML file Gatsby writes for a page path under `dir`: the path itself when it names an HTML
 * file (/404.html), else its index.html (as gatsby-core-utils' generateHtmlPath has it).
 */
export function htmlFileOf(dir: string, pagePath: string): string {
  const relative = pagePath.replace(/^[/\\]+/, "");
  return path.join(dir, /\.html?$/i.test(relative) ? relative : path.join(relative, "index.html"));
}

/**
 * The HTML files of the site's pages, sorted, with each file's modification time and size where
 * finding the file measured them, so nothing stats a page twice. In a build they come from the
 * pages in Gatsby's store (those whose file exists): walking public/ instead meets every page-data
 * file, image and sharing image too. Without pages in the store (outside a build), every .html
 * file under `dir`, unmeasured.
 */
export async function pageFileStatesOf(
  dir: string,
  store: Pick<BuildArgs["store"], "getState">,
): Promise<Map<string, FileState | undefined>> {
  const pagePaths = builtPagePaths(store);
  if (!pagePaths) return new Map((await htmlFilesUnder(dir)).map((file) => [file, undefined]));
  const files = [...new Set(pagePaths.map((pagePath) => htmlFileOf(dir, pagePath)))].sort();
  const states = await Promise.all(files.map(fileState));
  return new Map(files.flatMap((file, index) => (states[index] ? [[file, states[index]] as const] : [])));
}

/** Every page (.html file) under `dir`, at any depth, except Gatsby's internal fragments. */
export async function htmlFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => path.relative(dir, file).split(path.sep)[0] !== GATSBY_INTERNALS)
    .sort();
}

/**
 * What the last run left in each page it stamped: the file's modification time and size right
 * after, by path under public/, and the policy those pages got (with a placeholder for the hashes).
 */
export interface StampRecord {
  policy: string;
  files: Record<string, FileState>;
}

/** Where the record lives in the site's Gatsby cache (emptied with .cache, when Gatsby re-renders every page anyway). */
export const STAMP_RECORD_KEY = "csp-stamped-pages";

/**
 * The pages that need a policy written: those this build (or anything else) wrote or changed since
 * the last run stamped them, and every page when there is no record or the policy itself changed.
 * A page Gatsby did not re-render still has the bytes and modification time the last run left.
 * `known` holds the states already measured; the other files are measured here.
 */
export async function pagesToStamp(
  dir: string,
  files: string[],
  record: StampRecord | undefined,
  policy: string,
  known?: ReadonlyMap<string, FileState | undefined>,
): Promise<string[]> {
  if (!record || record.policy !== policy) return files;
  const states = await Promise.all(files.map((file) => known?.get(file) ?? fileState(file)));
  return files.filter((file, index) => {
    const was = record.files[path.relative(dir, file)];
    const now = states[index];
    return !was || !now || was[0] !== now[0] || was[1] !== now[1];
  });
}

/** The pages of the site's public folder, and which of them this build produced. */
export interface BuiltPages {
  dir: string;
  /** Every page. */
  files: string[];
  /** The pages written or changed since the last run stamped them (all of them without a record). */
  changed: string[];
  previous: StampRecord | undefined;
  policy: string;
  emulatorHost: string | undefined;
}

/**
 * Finds the pages this build produced: a page Gatsby did not re-render still has the bytes and
 * modification time the last run left (kept in the site's Gatsby cache), and is neither read nor
 * written by the steps after the build.
 */
export async function pagesThisBuildProduced({
  store,
  cache,
}: Pick<BuildArgs, "store"> & { cache: Pick<GatsbyCache, "get"> }): Promise<BuiltPages> {
  const dir = publicDir(store);
  const emulatorHost = emulatorHostFromEnv();
  const policy = policyShape(emulatorHost);
  const states = await pageFileStatesOf(dir, store);
  const files = [...states.keys()];
  const previous = (await cache.get(STAMP_RECORD_KEY)) as StampRecord | undefined;
  return {
    dir,
    files,
    changed: await pagesToStamp(dir, files, previous, policy, states),
    previous,
    policy,
    emulatorHost,
  };
}
