import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import { pagePolicy } from "../../lib/csp-policy";
import { escapeHtml } from "@kindred/article";
import {
  STAMP_RECORD_KEY,
  fileState,
  pagesThisBuildProduced,
  type BuiltPages,
  type StampRecord,
} from "./html-to-finish";
import type { Edit, PageScan } from "./parse-html";

// Gives every built page its own Content-Security-Policy meta tag, listing the hashes of the page's
// inline scripts. The page is read once with a real HTML parser (parse-html.ts) and the tag is
// spliced into the original text, so everything else stays as Gatsby wrote it.

/** The text of every inline script of a scanned page (any type; those with a src attribute are left out). */
export const inlineScriptsOf = (page: PageScan): string[] =>
  page.scripts.filter((script) => script.src === undefined).map((script) => script.text);

const sha256 = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The SHA-256 source expressions of the given script texts, deduplicated and sorted. */
export const scriptHashes = (texts: string[]): string[] => [...new Set(texts.map(sha256))].sort();

/**
 * The edits that make `policy` the first element of the page's <head> and remove any policy meta
 * already there; undefined for a page without a <head> tag, which gets no policy.
 */
export function policyEdits(page: PageScan, policy: string): Edit[] | undefined {
  if (page.headContentStart === undefined) return undefined;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}"/>`;
  return [
    { start: page.headContentStart, end: page.headContentStart, text: meta },
    ...page.policyMetas.map((range) => ({ ...range, text: "" })),
  ];
}

/**
 * The policy of a scanned page: the hashes of its inline scripts and of `added` (inline scripts
 * another edit of the same pass puts in).
 */
export const policyOfPage = (page: PageScan, emulatorHost: string | undefined, added: string[] = []): string =>
  pagePolicy(scriptHashes([...inlineScriptsOf(page), ...added]), emulatorHost);

/** What finishing one page gave: its new text, and whether it got a policy (false without <head>). */
export interface FinishedPage {
  html: string;
  placed: boolean;
}

/** How a page is finished: its policy, and whatever else the same pass does (finish-html.ts). */
export type PageFinisher = (html: string) => FinishedPage | Promise<FinishedPage>;

/**
 * Writes the page's policy (or whatever `finish` makes of it) into one HTML file, rewriting it only
 * when that changes it. Returns false for a page without a <head> tag, which gets no policy.
 */
export async function applyPolicyToFile(file: string, finish: PageFinisher): Promise<boolean> {
  const before = await readFile(file, "utf8");
  const after = await finish(before);
  if (after.html !== before) await writeFile(file, after.html);
  return after.placed;
}

/** Applies the policy to the given files, a few at a time; returns the files that have no <head>. */
export async function applyPolicyToFiles(files: string[], finish: PageFinisher, concurrency = 8): Promise<string[]> {
  const withoutHead: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      if (!(await applyPolicyToFile(file, finish))) withoutHead.push(file);
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
 * each page's new text when more than the policy is done in the same pass (finish-html.ts).
 */
export async function writePagePolicies(
  args: PolicyArgs,
  pages: BuiltPages | undefined,
  finish: PageFinisher,
): Promise<void> {
  const { reporter, cache } = args;
  const { dir, files, changed: stamp, previous, policy } = pages ?? (await pagesThisBuildProduced(args));
  const withoutHead = new Set(await applyPolicyToFiles(stamp, finish));
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
