import type { BuildArgs } from "gatsby";
import { pagesThisBuildProduced } from "./html-to-finish";
import { policyEdits, policyOfPage, writePagePolicies, type FinishedPage } from "./csp-meta";
import { WEB_FONT_CLASS, bootEdits, bootReport, pageChunkReader } from "./boot-script";
import { criticalCssEdits, stylesheetReader, type StylesheetRules } from "./critical-css";
import { scanPage, splice } from "./parse-html";

/**
 * The page without the NUL characters React 18's streaming server renderer can leave in it. It
 * encodes into a fixed buffer and, when a multi-byte character does not fit at the buffer's end,
 * flushes the whole buffer, unwritten zero bytes included (the character follows intact; React 19
 * fixed it). No page text of ours contains U+0000, and HTML forbids it, so every one is dropped.
 */
export function withoutRendererNuls(html: string): string {
  return html.includes("\u0000") ? html.replaceAll("\u0000", "") : html;
}

/**
 * One built page, finished: its script tags become the boot script (boot-script.ts), its inlined
 * stylesheet is cut down to the rules its HTML can use (critical-css.ts: the boot script loads the
 * whole sheet), and it gets its own Content-Security-Policy (csp-meta.ts), whose hashes include the
 * boot script's. One parse, one splice: the same text as doing each step in turn, at a fraction of
 * the cost (a parse is most of it).
 */
export function finishPage(
  rendered: string,
  pageChunks: (pagePath: string) => string[],
  emulatorHost: string | undefined,
  stylesheet: (href: string) => StylesheetRules | undefined = () => undefined,
): FinishedPage & { booted: boolean } {
  const html = withoutRendererNuls(rendered);
  const page = scanPage(html);
  const sheet = page.globalStyle && stylesheet(page.globalStyle.href);
  const boot = bootEdits(page, pageChunks, sheet ? page.globalStyle?.href : undefined);
  // Only a page whose boot script loads the whole sheet keeps no more than its share inline.
  const styles = boot && sheet ? criticalCssEdits(page, sheet) : undefined;
  const policy = policyEdits(page, policyOfPage(page, emulatorHost, boot ? [boot.script] : []));
  const edits = [...(boot?.edits ?? []), ...(styles ?? []), ...(policy ?? [])];
  return {
    html: edits.length > 0 ? splice(html, edits) : html,
    placed: policy !== undefined,
    booted: boot !== undefined,
  };
}

/**
 * onPostBuild: the pages this build produced (and only those: a warm build in which Gatsby
 * re-rendered a handful of pages reads and writes that handful, whatever the size of the site; the
 * other pages keep their bytes and modification times) boot once they have loaded and get their own
 * policy, in one pass, and each page's state is recorded for the next build.
 */
export async function finishBuiltPages(
  args: Pick<BuildArgs, "store" | "reporter"> & { cache: Pick<BuildArgs["cache"], "get" | "set"> },
): Promise<void> {
  const pages = await pagesThisBuildProduced(args);
  const chunks = await pageChunkReader(pages.dir);
  const sheets = stylesheetReader(pages.dir, [WEB_FONT_CLASS]);
  let booted = 0;
  await writePagePolicies(args, pages, async (html) => {
    await Promise.all([chunks.prepare(html), sheets.prepare(html)]);
    const finished = finishPage(html, chunks.pageChunks, pages.emulatorHost, sheets.rulesOf);
    if (finished.booted) booted += 1;
    return finished;
  });
  args.reporter.info(bootReport(booted, pages.changed.length, true));
}
