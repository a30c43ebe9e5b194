import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import { pagePolicy } from "../lib/csp";
import { STAMP_RECORD_KEY, emulatorHostFromEnv, fileState, pagesThisBuildProduced, type BuiltPages, type StampRecord } from "./built-pages";
import { scanPage, splice, type Edit, type PageScan } from "./page-scan";

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

type PolicyArgs = Pick<BuildArgs, "store" | "reporter"> & { cache: Pick<GatsbyCache, "get" | "set"> };

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
