// `node scripts/fast-lane-article.ts --site <dir> --out <dir> (--document <id> | --document-file <file>)`
// The fast lane's article step, as a command the rebuild service can run in its workspace: renders
// one edited or new article's page and page data (and the feed and sitemap it changes) for the site last
// built in --site, with that site's own code (src/node/fast-lane/render-article.ts, loaded from
// --site with jiti, as the site's TypeScript imports name no extensions), and writes them under
// --out at their paths under public/ (a move's ranking and card index under --out/.lane/, at their
// paths in the site folder). Prints one JSON line: the files and the time of each step, or
// why the article is left to the full build (exit status 3). The document comes from the site's
// sample content (--document, its id) or from a file holding {"id", "data"} as read from Firestore
// (--document-file). With --document, a site that reads Firestore (a project id configured) reads
// the published document there, as its build does.
import { copyFileSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import os from "node:os";
import { SHARE_ENV, Worker } from "node:worker_threads";
import { createJiti } from "jiti";
import { fail, parseCommandLine, printJsonLine, runMain } from "./lib/cli.ts";
import type * as RenderArticle from "../src/node/fast-lane/render-article.ts";
import type { CardPagesElsewhere, LaneFile } from "../src/node/fast-lane/render-article.ts";
import type { CardWorkerData, CardWorkerJob } from "./fast-lane-worker.ts";
import type * as PageRenderer from "../plugins/gatsby-internals/page-renderer.ts";
import type * as ReadLocal from "../plugins/gatsby-source-firestore/src/read-local.ts";
import type * as ReadFirestore from "../plugins/gatsby-source-firestore/src/read-firestore.ts";
import type * as PluginOptions from "../plugins/gatsby-source-firestore/src/plugin-options.ts";
import type * as BrowserPolicy from "../plugins/gatsby-source-firestore/src/browser-policy.ts";
import type { FirestoreSourceOptions } from "../plugins/gatsby-source-firestore/src/plugin-options.ts";
import type { RawDocument } from "../plugins/gatsby-source-firestore/src/types.ts";
import type { GatsbyConfig } from "gatsby";

const COMMAND = {
  usage: "node scripts/fast-lane-article.ts --site <dir> --out <dir> (--document <id> | --document-file <file>)",
  summary:
    "Renders one edited article's page and page data outside `gatsby build`, as the next build writes\n" +
    "them, for the site last built in --site; prints the files and timings as JSON.",
  options: {
    site: { type: "string", value: "dir", description: "The site folder of the last build (default: here)." },
    out: { type: "string", value: "dir", description: "Where to write the files, at their paths under public/." },
    document: {
      type: "string",
      value: "id",
      description: "The article's document id, read from Firestore or the sample content as the build reads it.",
    },
    "document-file": {
      type: "string",
      value: "file",
      description: 'A JSON file {"id", "data"}: the document as read.',
    },
    "previous-blog-id": { type: "string", value: "id", description: "The article's blogId before the edit." },
  },
} as const;

/**
 * Every file of the site's code the command and its worker load through `siteLoader`: what
 * scripts/fast-lane-warm.ts compiles ahead of the first lane on a new version of the code.
 */
export const LANE_MODULES = [
  "gatsby-config.ts",
  "plugins/gatsby-source-firestore/src/browser-policy.ts",
  "plugins/gatsby-source-firestore/src/plugin-options.ts",
  "plugins/gatsby-source-firestore/src/read-local.ts",
  "plugins/gatsby-source-firestore/src/read-firestore.ts",
  "plugins/gatsby-internals/page-renderer.ts",
  "src/node/fast-lane/render-article.ts",
  "src/node/fast-lane/render-cards.ts",
] as const;
export type LaneModule = (typeof LANE_MODULES)[number];

/**
 * Loads the site's own TypeScript from `site` (its imports name no extensions), as the build's own
 * bundler resolves it (the "alias" in package.json): the article core with its React components,
 * which the feed's items are drawn with, not the components-free "node" entry. Each file is named by
 * its real path, as jiti names the files they import: jiti's cache keys compiled files by path, and
 * the service's lane folders link their code from one folder per version (webhook/lib/fast-lane.ts),
 * so every release of one version finds it compiled.
 */
export function siteLoader(site: string): <T>(file: LaneModule) => Promise<T> {
  const real = (file: string): string => realpathSync(path.join(site, file));
  const jiti = createJiti(path.join(site, "package.json"), {
    alias: { "@kindred/article": real("packages/article/src/index.ts") },
    jsx: { runtime: "automatic" },
  });
  return <T>(file: LaneModule): Promise<T> => jiti.import<T>(real(file));
}

/**
 * Renders some of the pages that show a retitled article's card, or some of those a move changes, in
 * a worker thread with a renderer of its own (scripts/fast-lane-worker.ts), on the machine's other
 * core, while this thread renders the rest. A move starts it (`start`) before it works out which
 * pages change, so that its loading overlaps that.
 */
function cardWorker(site: string): CardPagesElsewhere {
  let answer: Promise<{ files: LaneFile[] } | { reason: string }> | undefined;
  let worker: Worker | undefined;
  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(new URL("./fast-lane-worker.ts", import.meta.url), {
      workerData: { site } satisfies CardWorkerData,
      env: SHARE_ENV,
    });
    answer = new Promise((resolve, reject) => {
      started.once("message", (result: { files: LaneFile[] } | { reason: string }) => {
        resolve(result);
        void started.terminate();
      });
      started.once("error", reject);
      started.once("exit", (code) => reject(new Error(`the card worker exited ${code} without an answer`)));
    });
    // Answered when a job is given; a worker never given one does not hold the command open.
    answer.catch(() => undefined);
    started.unref();
    worker = started;
    return started;
  };
  const give = (job: CardWorkerJob) => {
    const given = start();
    // Kept running until it answers: the command waits for it.
    given.ref();
    given.postMessage(job);
    return answer!;
  };
  return {
    start: () => void start(),
    cardPages: (post, pagePaths) => give({ post, pagePaths }),
    pageData: (pages) => give({ pages }),
  };
}

/**
 * What the lane's processes set before anything loads, so that the site's modules load as they do
 * when the command renders (scripts/fast-lane-warm.ts loads them too).
 */
export function setLaneEnvironment(): void {
  // Before anything loads React: the build renders with React's production build.
  process.env.NODE_ENV = "production";
  // Gatsby's helpers start its reporter, whose default in a terminal draws with ink (0.3 s to load);
  // the command's one line goes to the descriptor itself, so the plain logger does.
  process.env.GATSBY_LOGGER ??= "yurnalist";
}

/**
 * Where under --out the command writes the files of the site folder itself (not of public/) that
 * the lane changed: a move's ranking and card index (src/node/fast-lane/ranking.ts), which the
 * release it makes keeps in its lane folder for the next lane.
 */
export const LANE_FILES_DIR = ".lane";

/** Exit status of an article left to the full build: not a failure of the command. */
export const LEFT_TO_FULL_BUILD = 3;

/** The source plugin's options as the site's gatsby-config.ts gives them. */
function sourceOptions(config: GatsbyConfig): FirestoreSourceOptions {
  const entry = (config.plugins ?? []).find(
    (plugin) => typeof plugin === "object" && plugin.resolve === "gatsby-source-firestore",
  );
  if (typeof entry !== "object") fail("gatsby-config.ts has no gatsby-source-firestore entry");
  return entry.options as FirestoreSourceOptions;
}

/** siteMetadata.siteUrl of the site's gatsby-config.ts: the address the feed and sitemap are written for. */
function siteUrlOf(config: GatsbyConfig): string {
  const siteUrl = (config.siteMetadata as { siteUrl?: unknown } | undefined)?.siteUrl;
  if (typeof siteUrl !== "string") fail("gatsby-config.ts has no siteMetadata.siteUrl");
  return siteUrl;
}

/**
 * Reads one published article document from Firestore with the source plugin's reader (the web SDK,
 * from the server, as a visitor may read it); undefined when it is missing or not published.
 */
async function readPublishedDocument(
  options: FirestoreSourceOptions,
  id: string,
  load: <T>(file: LaneModule) => Promise<T>,
): Promise<RawDocument | undefined> {
  const { readChangedSince } = await load<typeof ReadFirestore>(
    "plugins/gatsby-source-firestore/src/read-firestore.ts",
  );
  const collection = (options.types ?? []).find((sourced) => sourced.type === "BlogPost")?.collection ?? "blogMetaData";
  // No document changed after the year 9999: only the named one is read.
  const { documents } = await readChangedSince(
    collection,
    {
      firebaseConfig: options.firebaseConfig ?? {},
      emulatorHost: options.emulatorHost,
      pageSize: options.pageSize ?? 500,
    },
    new Date("9999-01-01T00:00:00Z"),
    [id],
  );
  return documents.find((document) => document.id === id);
}

/**
 * Prints the command's one line of JSON. Gatsby's reporter, loaded with the renderer, takes over
 * console.log (and wraps long lines), so the line goes straight to the standard output's descriptor,
 * whole however long (a title edit's report names thousands of files).
 */
const printLine = printJsonLine;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  setLaneEnvironment();
  const site = path.resolve(values.site ?? ".");
  if (!values.out) fail("--out is required", 2);
  const out = path.resolve(values.out);
  const started = performance.now();
  // Gatsby's renderer and its helpers read the site under the working folder.
  process.chdir(site);
  const load = siteLoader(site);
  const config = await load<{ default: GatsbyConfig }>("gatsby-config.ts");
  const options = sourceOptions(config.default);
  const policy = await load<typeof BrowserPolicy>("plugins/gatsby-source-firestore/src/browser-policy.ts");
  // The rules a build process gets from the plugin's onPluginInit (Editor.js tool names, cover policy).
  await policy.onPluginInit!({} as never, options as never, () => undefined);
  let document: RawDocument | undefined;
  if (values["document-file"]) {
    document = JSON.parse(await readFile(values["document-file"], "utf8")) as RawDocument;
  } else if (values.document) {
    const { usesFirestore } = await load<typeof PluginOptions>("plugins/gatsby-source-firestore/src/plugin-options.ts");
    if (usesFirestore(options)) {
      // As the build reads it: the published document, through the plugin's own reader.
      document = await readPublishedDocument(options, values.document, load);
      if (!document) {
        printLine({ rendered: false, reason: `${values.document} is not a published document` });
        process.exit(LEFT_TO_FULL_BUILD);
      }
    } else {
      const local = await load<typeof ReadLocal>("plugins/gatsby-source-firestore/src/read-local.ts");
      document = local.readLocalContent(options.localContentDir ?? "").find((doc) => doc.id === values.document);
      if (!document) fail(`no sample article has the id ${values.document}`);
    }
  } else {
    fail("name the article: --document <id> or --document-file <file>", 2);
  }
  const { loadPageRenderer } = await load<typeof PageRenderer>("plugins/gatsby-internals/page-renderer.ts");
  const { renderArticle } = await load<typeof RenderArticle>("src/node/fast-lane/render-article.ts");
  const loaded = performance.now();
  const renderer = await loadPageRenderer(site);
  const rendererLoaded = performance.now();
  const result = await renderArticle({
    siteDir: site,
    renderer,
    document,
    options,
    siteUrl: siteUrlOf(config.default),
    previousBlogId: values["previous-blog-id"],
    cardPagesElsewhere: os.availableParallelism() > 1 ? cardWorker(site) : undefined,
  });
  const rendered = performance.now();
  if (!result.rendered) {
    printLine(result);
    process.exit(LEFT_TO_FULL_BUILD);
  }
  // Written synchronously, each folder made once: nothing else runs now, and a title lane of the
  // newest articles writes thousands of files (2,900 at 10,000 articles: 0.26 s, against 1.5 s
  // awaiting a folder and a write for each in turn).
  for (const folder of new Set(result.files.map(({ file }) => path.dirname(path.join(out, file)))))
    mkdirSync(folder, { recursive: true });
  for (const { file, text } of result.files) writeFileSync(path.join(out, file), text);
  // A new article's cover files and sharing image: the build links them from the image store, the lane copies them.
  for (const { file, from } of result.copies) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    copyFileSync(from, path.join(out, file));
  }
  // A move's ranking and card index, for the site folder of the release the lane makes.
  for (const { file, text } of result.laneFiles) {
    mkdirSync(path.dirname(path.join(out, LANE_FILES_DIR, file)), { recursive: true });
    writeFileSync(path.join(out, LANE_FILES_DIR, file), text);
  }
  const written = performance.now();
  const ms = (from: number, to: number): number => Math.round(to - from);
  printLine({
    rendered: true,
    pagePath: result.pagePath,
    files: [...result.files, ...result.copies].map(({ file }) => file),
    laneFiles: result.laneFiles.map(({ file }) => file),
    timings: {
      loadCode: ms(started, loaded),
      loadRenderer: ms(loaded, rendererLoaded),
      ...result.timings,
      article: ms(rendererLoaded, rendered),
      write: ms(rendered, written),
      total: ms(started, performance.now()),
    },
  });
}

if (import.meta.main) runMain(main);
