// `npm run bench:console -- [--articles 10000] [--runs 10]`
// The editors' console's first load (docs/editors-console.md): the JavaScript the list loads, gzipped as
// the hosting sends it, and the time from navigation to the Articles list in headless Chromium, signed in,
// against the emulators: first with the sample articles, then with N generated articles added. The console
// is built and served as `npm run emulators` builds and serves it (scripts/lib/editors-console.ts); the
// Functions emulator is left out, since the list calls no function and 10,000 writes would each wake the
// Firestore trigger. Prints the figures; asserts nothing.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromePath, CHROME_FLAGS } from "./chrome-path.ts";
import { startEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { buildConsole, consoleEnvironment, emulatorCspSources } from "./lib/editors-console.ts";
import { DEFAULT_EDITOR_PASSWORD, makeEditor } from "./lib/editors.ts";
import { startFirebaseEmulators } from "./lib/firebase-emulators.ts";
import { generatedTitles } from "./lib/generated-titles.ts";
import { startImageServer } from "./lib/image-server.ts";
import { freePort } from "./lib/processes.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed, toFirestoreData, type SampleArticle } from "./seed.ts";
import { startServer } from "./serve.ts";

const PROJECT_ID = "demo-bench-console";
const EDITOR = "bench@example.com";

const COMMAND = {
  usage: "npm run bench:console -- [options]",
  summary: "Times the editors' console from navigation to the Articles list, and weighs its JavaScript.",
  options: {
    articles: { type: "string", value: "n", default: "10000", description: "Generated articles added." },
    runs: { type: "string", value: "n", default: "10", description: "Loads timed with each set of articles." },
  },
} as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The scripts index.html loads at once (the entry and what it preloads), raw and gzipped, in bytes. */
function firstLoadScripts(dir: string): { file: string; raw: number; gzip: number }[] {
  const html = readFileSync(path.join(dir, "index.html"), "utf8");
  const files = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return files.map((file) => {
    const bytes = readFileSync(path.join(dir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
}

/** Reloads the list `runs` times; the console's own marks say when the rows, then their states, showed. */
async function timeLoads(page: Page, runs: number): Promise<{ listed: number[]; joined: number[] }> {
  const listed: number[] = [];
  const joined: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await page.reload();
    const marks = await page.waitForFunction(
      () => {
        const [list] = performance.getEntriesByName("articles-listed");
        const [join] = performance.getEntriesByName("articles-joined");
        return list && join ? [list.startTime, join.startTime] : null;
      },
      undefined,
      { timeout: 60_000 },
    );
    const [list, join] = (await marks.jsonValue()) as [number, number];
    listed.push(list);
    joined.push(join);
  }
  return { listed, joined };
}

/** Adds `count` articles to blogMetaData: generated titles, the samples' bodies, a day apart. */
async function addArticles(firestoreHost: string, count: number, imageBase: string): Promise<void> {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.METADATA_SERVER_DETECTION ??= "none";
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: PROJECT_ID }, "bench-console");
  try {
    const db = getFirestore(app);
    const folder = path.join(PROJECT_ROOT, "content", "blog");
    const samples = readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .map((name) => JSON.parse(readFileSync(path.join(folder, name), "utf8")) as SampleArticle);
    const titles = generatedTitles(count);
    for (let start = 0; start < count; start += 400) {
      const batch = db.batch();
      for (let index = start; index < Math.min(count, start + 400); index += 1) {
        const sample = samples[index % samples.length]!;
        const data = toFirestoreData(sample, imageBase, Timestamp);
        batch.set(db.collection("blogMetaData").doc(`generated-${index}`), {
          ...data,
          blogId: `generated-${index}`,
          title: titles[index],
          slug: `generated-article-${index}`,
          published: index % 10 !== 0,
          lastUpdate: Timestamp.fromMillis(Date.UTC(2025, 0, 1) - index * 86_400_000),
        });
      }
      await batch.commit();
    }
  } finally {
    await deleteApp(app);
  }
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const articles = integerOption(values.articles, "articles", 0);
  const runs = integerOption(values.runs, "runs");
  const cleanups: (() => unknown)[] = [];
  try {
    const images = await startImageServer({ dir: path.join(PROJECT_ROOT, "content", "blog", "images") });
    cleanups.push(() => images.close());
    const firestore = await startEmulator({});
    cleanups.push(firestore.stop);
    const samples = await seed({ emulator: firestore.host, project: PROJECT_ID, imageBase: `${images.url}/` });
    const firebase = await startFirebaseEmulators({
      projectId: PROJECT_ID,
      firestoreHost: firestore.host,
      authOnly: true,
    });
    cleanups.push(firebase.stop);
    await makeEditor({ projectId: PROJECT_ID, authHost: firebase.authHost, functionsHost: "" }, EDITOR);

    const emulators = {
      projectId: PROJECT_ID,
      authHost: firebase.authHost,
      firestoreHost: firestore.host,
      functionsHost: `127.0.0.1:${await freePort()}`, // never called by the list
      siteUrl: "http://127.0.0.1:9",
    };
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-console-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await buildConsole(dir, consoleEnvironment(emulators));
    const scripts = firstLoadScripts(dir);
    const server = await startServer({
      port: 0,
      target: "editors",
      publicDir: dir,
      cspSources: emulatorCspSources(emulators, [images.url]),
    });
    cleanups.push(() => server.close());

    const browser = await chromium.launch({ executablePath: chromePath(), args: [...CHROME_FLAGS] });
    cleanups.push(() => browser.close());
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url);
    await page.getByLabel("Email").fill(EDITOR);
    await page.getByLabel("Password").fill(DEFAULT_EDITOR_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Articles" }).waitFor({ timeout: 60_000 });

    const small = await timeLoads(page, runs);
    let large: { listed: number[]; joined: number[] } | null = null;
    if (articles > 0) {
      const started = performance.now();
      await addArticles(firestore.host, articles, `${images.url}/`);
      console.log(`Added ${articles} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      large = await timeLoads(page, runs);
    }

    const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log("\nJavaScript the list loads (index.html's scripts; gzip at zlib's default level):");
    for (const script of scripts) console.log(`  ${script.file}  ${kb(script.raw)} raw, ${kb(script.gzip)} gzipped`);
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`  total  ${kb(total)} gzipped`);
    const line = (label: string, times: { listed: number[]; joined: number[] }): void =>
      console.log(
        `${label}: rows shown median ${median(times.listed).toFixed(0)} ms (worst ${Math.max(...times.listed).toFixed(0)}),` +
          ` with their states and histories median ${median(times.joined).toFixed(0)} ms` +
          ` (worst ${Math.max(...times.joined).toFixed(0)}), over ${runs} loads`,
      );
    console.log(`\nFrom navigation to the Articles list, signed in (load average ${os.loadavg()[0]!.toFixed(1)}):`);
    line(`${samples} sample articles`, small);
    if (large) line(`${samples + articles} articles`, large);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

if (import.meta.main) runMain(main);
