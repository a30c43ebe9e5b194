import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import { pagePolicy } from "../lib/csp";
import { builtPagePaths } from "./internals/gatsby-store";
import { scanPage, splice, type Edit, type PageScan } from "./page-scan";
import { publicDir } from "./site-paths";

// Gives every built page its own Content-Security-Policy meta tag, listing the hashes of the page's
// inline scripts. The page is read once with a real HTML parser (page-scan.ts) and the tag is
// spliced into the original text, so everything else stays as Gatsby wrote it.

/** The text of every inline script of a scanned page (any type; those with a src attribute are left out). */
const inlineScriptsOf = (page: PageScan): string[] => page.scripts.filter((script) => script.src === undefined).map((script) => script.text);

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The SHA-256 source expressions of the given script texts, deduplicated and sorted. */
export const scriptHashes = (texts: string[]): string[] => [...new Set(texts.map(sha256))].sort();

const escapeAttribute = (value: string): string => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The edits that make `policy` the first element of the page's <head> and remove any policy meta
 * already there; undefined for a page without a <head> tag, which gets no policy.
 */
export function policyEdits(page: PageScan, policy: string): Edit[] | undefined {
  if (page.headContentStart === undefined) return undefined;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"/>`;
  return [{ start: page.headContentStart, end: page.headContentStart, text: meta }, ...page.policyMetas.map((range) => ({ ...range, text: "" }))];
}

/**
 * The policy of a scanned page: the hashes of its inline scripts and of `added` (inline scripts
 * another edit of the same pass puts in).
 */
export const policyOfPage = (page: PageScan, emulatorHost: string | undefined, added: string[] = []): string =>
  pagePolicy(scriptHashes([...inlineScriptsOf(page), ...added]), emulatorHost);

/**
 * The SHA-256 source expression of every inline <script> in a page (any type; those with a src
 * attribute are left out), deduplicated and sorted.
 */
export function inlineScriptHashes(html: string): string[] {
  return scriptHashes(inlineScriptsOf(scanPage(html)));
}

/**
 * The page with `policy` as the first element of <head>, so it covers everything after it. Any
 * Content-Security-Policy meta already in the page is removed: Gatsby keeps unchanged pages between
 * builds but rewrites their inline scripts, and a stale second policy would block them. A page
 * without a <head> tag is returned unchanged.
 */
export function withPolicyMeta(html: string, policy: string): string {
  const edits = policyEdits(scanPage(html), policy);
  return edits ? splice(html, edits) : html;
}

/** What finishing one page gave: its new text, and whether it got a policy (false without <head>). */
export interface FinishedPage {
  html: string;
  placed: boolean;
}

/** The page with its own policy (the hashes of its inline scripts) in <head>; one parse. */
export function withPagePolicy(html: string, emulatorHost?: string): FinishedPage {
  const page = scanPage(html);
  const edits = policyEdits(page, policyOfPage(page, emulatorHost));
  return { html: edits ? splice(html, edits) : html, placed: edits !== undefined };
}

/** The Firestore emulator a build was pointed at, which the pages' policy must let them reach. */
export const emulatorHostFromEnv = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  env.GATSBY_FIRESTORE_EMULATOR_HOST || env.FIRESTORE_EMULATOR_HOST || undefined;

/** How a page is finished: by default, given its policy alone. */
export type PageFinisher = (html: string) => FinishedPage | Promise<FinishedPage>;

/**
 * Writes the page's policy (or whatever `finish` makes of it) into one HTML file, rewriting it only
 * when that changes it. Returns false for a page without a <head> tag, which gets no policy.
 */
export async function applyPolicyToFile(
  file: string,
  emulatorHost: string | undefined = emulatorHostFromEnv(),
  finish: PageFinisher = (html) => withPagePolicy(html, emulatorHost),
): Promise<boolean> {
  const before = await readFile(file, "utf8");
  const after = await finish(before);
  if (after.html !== before) await writeFile(file, after.html);
  return after.placed;
}

/** A file's modification time and size. */
type FileState = [mtimeMs: number, size: number];

/** The modification time and size of a regular file; undefined when there is none. */
async function fileState(file: string): Promise<FileState | undefined> {
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
 * The HTML files of the site's pages, sorted. In a build they come from the pages in Gatsby's store
 * (those whose file exists): walking public/ instead meets every page-data file, image and sharing
 * image too, 57,000 entries and 1.2 s at 10,000 articles for 11,676 pages. Without pages in the
 * store (outside a build), every .html file under `dir`.
 */
export async function pageFilesOf(dir: string, store: Pick<BuildArgs["store"], "getState">): Promise<string[]> {
  return [...(await pageFileStatesOf(dir, store)).keys()];
}

/**
 * pageFilesOf, with each file's modification time and size where finding the file measured them
 * (from the store's pages; the walk of public/ measures nothing), so nothing stats a page twice.
 */
async function pageFileStatesOf(dir: string, store: Pick<BuildArgs["store"], "getState">): Promise<Map<string, FileState | undefined>> {
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

/** Applies the policy to the given files, a few at a time; returns the files that have no <head>. */
export async function applyPolicyToFiles(
  files: string[],
  emulatorHost: string | undefined = emulatorHostFromEnv(),
  concurrency = 8,
  finish?: PageFinisher,
): Promise<string[]> {
  const withoutHead: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      if (!(await applyPolicyToFile(file, emulatorHost, finish))) withoutHead.push(file);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return withoutHead.sort();
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

/** The policy with a placeholder for the page's hashes: when it changes, every page needs the new one. */
const policyShape = (emulatorHost: string | undefined): string => pagePolicy(["'sha256-<page>'"], emulatorHost);


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

type PolicyArgs = Pick<BuildArgs, "store" | "reporter"> & { cache: Pick<GatsbyCache, "get" | "set"> };

/**
 * Finds the pages this build produced: a page Gatsby did not re-render still has the bytes and
 * modification time the last run left (kept in the site's Gatsby cache), and is neither read nor
 * written by the steps after the build.
 */
export async function pagesThisBuildProduced({ store, cache }: Pick<PolicyArgs, "store" | "cache">): Promise<BuiltPages> {
  const dir = publicDir(store);
  const emulatorHost = emulatorHostFromEnv();
  const policy = policyShape(emulatorHost);
  const states = await pageFileStatesOf(dir, store);
  const files = [...states.keys()];
  const previous = (await cache.get(STAMP_RECORD_KEY)) as StampRecord | undefined;
  return { dir, files, changed: await pagesToStamp(dir, files, previous, policy, states), previous, policy, emulatorHost };
}

/**
 * onPostBuild: every page this build produced gets its own Content-Security-Policy. Gatsby re-renders
 * only the pages whose data or code changed; the others are neither read nor written, so they keep
 * their bytes and modification times and a CDN sees them unchanged. `pages` is what
 * pagesThisBuildProduced found, when a step before this one needed to know it too; `finish` makes
 * each page's new text when more than the policy is done in the same pass (finish-pages.ts).
 */
export async function writePagePolicies(args: PolicyArgs, pages?: BuiltPages, finish?: PageFinisher): Promise<void> {
  const { reporter, cache } = args;
  const { dir, files, changed: stamp, previous, policy, emulatorHost } = pages ?? (await pagesThisBuildProduced(args));
  const withoutHead = new Set(await applyPolicyToFiles(stamp, emulatorHost, 8, finish));
  for (const file of withoutHead) reporter.warn(`${file} has no <head> tag, so it got no Content-Security-Policy`);

  // A page without <head> stays out of the record, so it is looked at (and reported) again next time.
  const kept = previous?.policy === policy ? previous.files : {};
  const record: StampRecord = { policy, files: {} };
  const stamped = new Set(stamp);
  for (const file of files) {
    const key = path.relative(dir, file);
    if (!stamped.has(file)) {
      if (kept[key]) record.files[key] = kept[key];
    } else if (!withoutHead.has(file)) {
      const now = await fileState(file);
      if (now) record.files[key] = now;
    }
  }
  await cache.set(STAMP_RECORD_KEY, record);
  reporter.info(
    `Content-Security-Policy written into ${stamp.length - withoutHead.size} pages this build produced; ${files.length - stamp.length} pages unchanged since the last build left as they were`,
  );
}
