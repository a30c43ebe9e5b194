// `npm run bench:build -- [--count 1000[,10000]] [--unique-covers] [--skip-sample] [--filled-store] [--logs DIR]`
// gatsby build times, with peak memory, for the sample content and for N generated articles sourced
// from a Firestore emulator: a cold build, a warm build with nothing changed, and a warm build after
// one article changed. Each size is also built as a text-only Gatsby site with as many posts (one
// template, JSON posts, no plugin), in the same run, so the ratio says what this site adds to
// Gatsby's own cost on this machine at this moment. Each build runs in a scratch folder under
// /usr/bin/time (peak = the largest process's resident memory), with --log-pages so the pages whose
// HTML was rendered can be counted. Figures are printed, never asserted.
// With --filled-store, each size is instead built with the image store already filled (by
// `npm run images:fill`, whose rate is reported): a cold build after `gatsby clean` and a build after
// a change to src/node/, for the articles on their own covers and the same articles on shared
// covers, next to the text-only site's cold build, with peak memory and the size of public/.
import { readdirSync, readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startEmulator } from "./emulator.ts";
import { writeBaselinePost, writeBaselineSite } from "./lib/bench/baseline-site.ts";
import { PHASES, ratio, seconds, series, generateArticles, type Series } from "./lib/bench/builds.ts";
import { benchFilledStore } from "./lib/bench/filled-store.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { startImageServer } from "./lib/image-server.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

const COMMAND = {
  usage: "npm run bench:build -- [options]",
  summary:
    "Times cold, warm and one-change gatsby builds, with peak memory, of the sample content and of\n" +
    "N generated articles sourced from a Firestore emulator, next to a text-only Gatsby site with as\n" +
    "many posts built in the same run. Each build runs in a scratch copy of the project.",
  options: {
    count: {
      type: "string",
      value: "n[,n…]",
      default: "1000",
      description: "How many generated articles to build; several sizes separated by commas.",
    },
    "unique-covers": {
      type: "boolean",
      description: "Give each generated article its own cover (different bytes), drawn locally with sharp.",
    },
    "skip-sample": { type: "boolean", description: "Skip the builds of the sample content." },
    logs: { type: "string", value: "dir", description: "Keep every build's output in this folder." },
    "filled-store": {
      type: "boolean",
      description:
        "Fill an image store first (reporting the fill rate), then compare cold and src/node-changed builds on unique and shared covers.",
    },
  },
} as const;

// ---- The table ---------------------------------------------------------------------------------

function printTable(title: string, site: Series, baseline: Series, baselinePosts: number): void {
  const columns = ["cold", "warm, nothing changed", "warm, one article changed"] as const;
  const builds = [site.cold, site.warm, site.changed];
  const bases = [baseline.cold, baseline.warm, baseline.changed];
  const rows: [string, ...string[]][] = [
    ["time", ...builds.map((b) => seconds(b.seconds))],
    ["peak memory", ...builds.map((b) => `${b.peakMb.toFixed(0)} MB`)],
    ["page queries run", ...builds.map((b) => b.queries)],
    ["pages whose HTML was rendered", ...builds.map((b) => String(b.htmlPages))],
    ["documents read", ...builds.map((b) => (b.documentsRead === null ? "n/a" : String(b.documentsRead)))],
    ...PHASES.filter((phase) => builds.some((b) => phase in b.phases)).map((phase): [string, ...string[]] => [
      `  ${phase}`,
      ...builds.map((b) => (phase in b.phases ? seconds(b.phases[phase]!) : "-")),
    ]),
    [
      `text-only Gatsby, ${baselinePosts} posts`,
      ...bases.map((b) => `${seconds(b.seconds)}, ${b.peakMb.toFixed(0)} MB`),
    ],
    ["  its pages whose HTML was rendered", ...bases.map((b) => String(b.htmlPages))],
    ["ratio to text-only (time)", ...builds.map((b, i) => ratio(b.seconds, bases[i]!.seconds))],
    ["load average (1 min) at start → end", ...builds.map((b) => `${b.load[0].toFixed(1)} → ${b.load[1].toFixed(1)}`)],
  ];
  const widths = [
    Math.max(...rows.map((row) => row[0].length)),
    ...columns.map((column, i) => Math.max(column.length, ...rows.map((row) => row[i + 1]!.length))),
  ];
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(["", ...columns]));
  for (const row of rows) console.log(line(row));
}

// ---- The runs ----------------------------------------------------------------------------------

/** The published sample article whose title the one-change build edits, and how many are published. */
function samplePublished(contentDir: string): { files: string[] } {
  const files = readdirSync(contentDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .filter(
      (name) =>
        (JSON.parse(readFileSync(path.join(contentDir, name), "utf8")) as { published?: unknown }).published === true,
    );
  return { files };
}

async function benchSample(logs: string | undefined): Promise<void> {
  const dir = copySiteProject(PROJECT_ROOT, { prefix: "bench-build-" });
  const contentDir = path.join(dir, "content", "blog");
  const { files } = samplePublished(contentDir);
  const baselineDir = writeBaselineSite(files.length);
  try {
    const env = { GATSBY_FIREBASE_PROJECT_ID: "" };
    const site = await series(
      dir,
      env,
      () => {
        const file = path.join(contentDir, files[Math.floor(files.length / 2)]!);
        const article = JSON.parse(readFileSync(file, "utf8")) as { title: string };
        writeFileSync(file, JSON.stringify({ ...article, title: `${article.title} (edited)` }, null, 2));
      },
      logs,
      "sample",
    );
    const baseline = await series(
      baselineDir,
      {},
      () => writeBaselinePost(baselineDir, Math.floor(files.length / 2), " (edited)"),
      logs,
      "sample baseline",
    );
    printTable(`Sample content (${files.length} published articles)`, site, baseline, files.length);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

async function benchGenerated(count: number, uniqueCovers: boolean, logs: string | undefined): Promise<void> {
  const coversDir = uniqueCovers ? mkdtempSync(path.join(tmpdir(), "bench-covers-")) : undefined;
  const images = await startImageServer({ dir: coversDir ?? path.join(PROJECT_ROOT, "content/blog/images") });
  try {
    const emulator = await startEmulator();
    try {
      const generated = { emulatorHost: emulator.host, project: "bench", count, imageBase: `${images.url}/` };
      const covers = coversDir ? ["--unique-covers", "--covers-dir", coversDir] : [];
      generateArticles(generated, covers);

      const dir = copySiteProject(PROJECT_ROOT, { prefix: "bench-build-" });
      const baselineDir = writeBaselineSite(count);
      try {
        // The covers come from the local image server, over http on 127.0.0.1: allowed for this run only.
        const env = {
          GATSBY_FIREBASE_PROJECT_ID: "bench",
          GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host,
          ALLOW_INSECURE_IMAGE_HOSTS: "true",
        };
        const edited = Math.floor(count / 2);
        const site = await series(
          dir,
          env,
          () => {
            // As the rebuild trigger would: name the changed document.
            return { CHANGED_DOCUMENT_IDS: generateArticles(generated, [...covers, "--edit", String(edited)]).trim() };
          },
          logs,
          `${count} generated`,
        );
        const baseline = await series(
          baselineDir,
          {},
          () => writeBaselinePost(baselineDir, edited, " (edited)"),
          logs,
          `${count} baseline`,
        );
        printTable(
          `${count} generated articles from the emulator${uniqueCovers ? ", each with its own cover" : ", covers shared (7 images)"}`,
          site,
          baseline,
          count,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
        rmSync(baselineDir, { recursive: true, force: true });
      }
    } finally {
      emulator.stop();
    }
  } finally {
    await images.close();
    if (coversDir) rmSync(coversDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const counts = values.count.split(",").map((value) => integerOption(value.trim(), "count"));
  const logs = values.logs ? path.resolve(values.logs) : undefined;
  if (logs) mkdirSync(logs, { recursive: true });
  console.log(
    `${new Date().toISOString()}: ${process.platform}, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} load average (1, 5, 15 min)`,
  );
  if (values["filled-store"]) {
    for (const count of counts) await benchFilledStore(count, logs);
    return;
  }
  if (!values["skip-sample"]) await benchSample(logs);
  for (const count of counts) await benchGenerated(count, values["unique-covers"] === true, logs);
}

if (import.meta.main) runMain(main);
