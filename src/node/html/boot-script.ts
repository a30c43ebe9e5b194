import { readFile } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH } from "../../lib/site-files";
import { WEB_FONT_FAMILY } from "../fonts";
import { GLOBAL_STYLE_IDENTITY, type Edit, type PageScan } from "./parse-html";

// Every built page is complete HTML: it paints without any JavaScript, and its text without the web
// font (global.css sets it in a local font resized to Outfit's metrics). Gatsby ends each page with
// `<script src async>` tags for its runtime, React and the app, which run as soon as they arrive, and
// the page's own code (the "commons" chunk and the page component) is only asked for after the app
// has run and fetched the page data: one more round trip before the page reacts.
//
// This step rewrites those tags, after the build and before the Content-Security-Policy step
// (which hashes every inline script, this one included), into one small inline script that names
// every script the page needs, its own chunks included, and inserts them all at once, with the switch
// to the web font, after the page has loaded and a frame with its largest image has been painted.
// Until then no script is fetched or run and no font competes with the largest image for the network
// or the main thread, even when every file comes from the cache.
//
// There is deliberately no <link rel=preload> for the scripts: measured with Lighthouse, low-priority
// preloads still started at parse time, shared the connection with the largest image, and put the
// largest paint later on every page (docs/measurements.md). The price is that scripts start after the load
// event; every page works without them (links, the menu, the article text), so only the search,
// the newsletter form and the live list wait a little longer.

/** The page path Gatsby writes into each page (`window.pagePath="/blog"`), if any. */
export function pagePathIn(text: string): string | undefined {
  const literal = /window\.pagePath=("(?:[^"\\]|\\.)*")/.exec(text)?.[1];
  return literal === undefined ? undefined : (JSON.parse(literal) as string);
}

/** Marks the inline script, so a page already rewritten is left alone. */
export const BOOT_SCRIPT_ID = "page-boot";

/** The class on <html> that switches the text to the web font (global.css). */
export const WEB_FONT_CLASS = "webfont";

/** At the latest, this long after the page's HTML, the scripts go in even if an image never loads. */
export const BOOT_DEADLINE_MS = 5000;

/**
 * The inline script: once the page has loaded and its largest image (the one marked
 * fetchpriority="high", if any) is decoded, after two frames (so one has been painted with it) and
 * in a task of its own, it links the web app manifest (which Chromium fetches, and then an icon,
 * as soon as a page names it), asks for the web font, in the subsets the page's text needs, links
 * the whole `stylesheet` when the page inlines only its share of it (critical-css.ts) and, once
 * that has arrived, inserts the scripts; in a hidden tab, where no frame comes until it is shown,
 * at once. The text switches to the font only once the font has arrived: switching first would lay
 * the whole page out twice, once for the new family (still drawn with the fallback) and again when
 * the file lands, and on a long article each layout is a long main-thread task on a slow phone.
 */
export function bootScript(scripts: string[], stylesheet?: string): string {
  const insertScripts =
    `function run(){if(ran)return;ran=1;` +
    `s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.body.appendChild(e)})}`;
  // The whole stylesheet goes in just after the page's share of it (critical-css.ts), and the
  // scripts once it has arrived (or failed, or the deadline has passed).
  const loadSheet =
    stylesheet === undefined
      ? `run()`
      : `var g=document.querySelector('style[data-identity="${GLOBAL_STYLE_IDENTITY}"]'),l=document.createElement("link");` +
        `l.rel="stylesheet";l.href=${JSON.stringify(stylesheet)};l.onload=l.onerror=run;` +
        `if(g&&g.parentNode){g.parentNode.insertBefore(l,g.nextSibling)}else{document.head.appendChild(l)}` +
        `setTimeout(run,${BOOT_DEADLINE_MS})`;
  return (
    `(function(s){var done=0,ran=0;function font(){document.documentElement.classList.add("${WEB_FONT_CLASS}")}` +
    insertScripts +
    `function go(){if(done)return;done=1;var m=document.createElement("link");m.rel="manifest";m.href=${JSON.stringify(MANIFEST_PATH)};document.head.appendChild(m);var f=document.fonts;` +
    `if(f&&f.load){f.load('1em "${WEB_FONT_FAMILY}"',document.body.textContent||" ").then(font,font)}else{font()}` +
    `${loadSheet}}` +
    `function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
    `function later(){var i=document.querySelector('img[fetchpriority="high"]');if(i&&i.decode){i.decode().then(painted,painted)}else{painted()}}` +
    `if(document.visibilityState==="hidden"){go()}else if(document.readyState==="complete"){later()}else{addEventListener("load",later)}` +
    `setTimeout(go,${BOOT_DEADLINE_MS})})(${JSON.stringify(scripts)})`
  );
}

/** The edits that put the boot script in, and the script's text (which the page's policy must hash). */
export interface BootEdits {
  edits: Edit[];
  script: string;
}

/**
 * Replaces Gatsby's `<script src async>` tags of a scanned page by the inline boot script, at the
 * place of the first one, naming their scripts and then the page's own chunks. Undefined for a page
 * without such tags, or already rewritten.
 */
export function bootEdits(
  page: PageScan,
  pageChunks: (pagePath: string) => string[],
  stylesheet?: string,
): BootEdits | undefined {
  if (page.scripts.some((script) => script.id === BOOT_SCRIPT_ID)) return undefined;
  const tags = page.scripts.flatMap(({ src, async, type, location, inTemplate }) =>
    src !== undefined && async && type === undefined && location && !inTemplate ? [{ ...location, src }] : [],
  );
  const first = tags[0];
  if (!first) return undefined;
  const loader = page.scripts.find((script) => script.id === "gatsby-script-loader");
  const pagePath = loader && pagePathIn(loader.text);
  const scripts = [
    ...new Set([...tags.map((tag) => tag.src), ...(pagePath === undefined ? [] : pageChunks(pagePath))]),
  ];
  const script = bootScript(scripts, stylesheet);
  // The policy hashes this text as written: it must read back from the page exactly as it is.
  // JSON escapes control characters, not these, which would end the script or change its parsing.
  if (/<\/script|<!--/i.test(script))
    throw new Error(`a script name would change how the page's boot script parses: ${JSON.stringify(scripts)}`);
  const edits = tags.map((tag, index) => ({
    start: tag.start,
    end: tag.end,
    text: index === 0 ? `<script id="${BOOT_SCRIPT_ID}">${script}</script>` : "",
  }));
  return { edits, script };
}

/** The scripts a rewritten page's boot script will insert (the array it is called with), if it has one. */
export function bootScriptsIn(html: string): string[] | undefined {
  const script = new RegExp(`<script id="${BOOT_SCRIPT_ID}">([^<]*)</script>`).exec(html)?.[1];
  const list = script === undefined ? undefined : /\}\)\((\[[^\]]*\])\)$/.exec(script)?.[1];
  return list === undefined ? undefined : (JSON.parse(list) as string[]);
}

/** The parts of Gatsby's public/webpack.stats.json read here. */
export interface WebpackStats {
  namedChunkGroups: Record<string, { assets: (string | { name: string })[] } | undefined>;
}

/** Where Gatsby writes a page's data, from its path ("/" is "index"). */
export function pageDataFile(dir: string, pagePath: string): string {
  const fixed = pagePath === "/" ? "index" : pagePath.replace(/^\/|\/$/g, "");
  return path.join(dir, "page-data", fixed, "page-data.json");
}

/** The build's webpack stats in the site folder `dir` (public/). */
export async function readWebpackStats(dir: string): Promise<WebpackStats> {
  return JSON.parse(await readFile(path.join(dir, "webpack.stats.json"), "utf8")) as WebpackStats;
}

/** The JavaScript files of a chunk group (a page component and the chunks it needs), as URLs. */
export function chunkGroupScripts(stats: WebpackStats, chunkName: string): string[] {
  return (stats.namedChunkGroups[chunkName]?.assets ?? [])
    .map((asset) => (typeof asset === "string" ? asset : asset.name))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/${name}`);
}

/**
 * The page chunks of each page path, from the build's webpack stats and the page's data (its
 * component's chunk name), each page's data read once. `prepare` reads what a page needs before
 * `pageChunks`, which is synchronous, is asked about it.
 */
export async function pageChunkReader(
  dir: string,
): Promise<{ prepare(html: string): Promise<void>; pageChunks(pagePath: string): string[] }> {
  const stats = await readWebpackStats(dir);
  const chunkNames = new Map<string, string | undefined>();
  return {
    async prepare(html) {
      const pagePath = pagePathIn(html);
      if (pagePath === undefined || chunkNames.has(pagePath)) return;
      const data = await readFile(pageDataFile(dir, pagePath), "utf8").catch(() => undefined);
      chunkNames.set(
        pagePath,
        data ? (JSON.parse(data) as { componentChunkName?: string }).componentChunkName : undefined,
      );
    },
    pageChunks(pagePath) {
      const chunkName = chunkNames.get(pagePath);
      return chunkName ? chunkGroupScripts(stats, chunkName) : [];
    },
  };
}

/** The line the build prints about the boot step. */
export const bootReport = (rewritten: number, files: number, thisBuild: boolean): string =>
  `Scripts and the web font load once the page has loaded, on ${rewritten} of ${files} pages${thisBuild ? " this build produced" : ""}`;
