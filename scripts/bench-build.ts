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
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startEmulator } from "./emulator.ts";
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

/** What one build took, and what it did. */
export interface BuildFigures {
  seconds: number;
  peakMb: number;
  /** "run queries" as Gatsby counts them: re-run / all, or 0 when it ran none. */
  queries: string;
  /** Pages whose HTML Gatsby rendered (--log-pages). */
  htmlPages: number;
  /** Documents the source plugin says it read, or null when it does not say. */
  documentsRead: number | null;
  /** Seconds of the phases that grow with the site, by Gatsby's names. */
  phases: Record<string, number>;
  /** The machine's 1-minute load average when the build started and ended. */
  load: [number, number];
  /** Images the build encoded into the image store (prepareCovers' report). */
  encodings: number;
}

/** Gatsby's activities timed in the table (the others are fixed costs). */
export const PHASES = [
  "source and transform nodes",
  "createPages",
  "run queries in workers",
  "run page queries",
  "Building static HTML for pages",
  "onPostBuild",
] as const;

/** Reads a build's output (stdout and stderr, with --log-pages and CI=true) into figures. */
export function readBuildOutput(output: string): Omit<BuildFigures, "seconds" | "peakMb" | "load"> {
  const queries = /run (?:page )?queries(?: in workers)? - [\d.]+s - (\d+\/\d+)/.exec(output)?.[1] ?? "0";
  const htmlPages = output.match(/^Updated page: /gm)?.length ?? 0;
  const reads = [...output.matchAll(/\[gatsby-source-firestore\] [^\n]*?(\d+) documents? read/g)].map((match) =>
    Number(match[1]),
  );
  const phases: Record<string, number> = {};
  for (const phase of PHASES) {
    const escaped = phase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const seconds = new RegExp(`success ${escaped} - ([\\d.]+)s`).exec(output)?.[1];
    if (seconds !== undefined) phases[phase] = Number(seconds);
  }
  const encodings = Number(/\[image store\] \d+ covers: (\d+) encodings made/.exec(output)?.[1] ?? 0);
  return {
    queries,
    htmlPages,
    documentsRead: reads.length > 0 ? reads.reduce((a, b) => a + b, 0) : null,
    phases,
    encodings,
  };
}

let logCounter = 0;

/** Runs `gatsby build --log-pages` in `dir` under /usr/bin/time. */
function timedBuild(
  dir: string,
  env: Record<string, string>,
  logs: string | undefined,
  label: string,
): Promise<BuildFigures> {
  const loadBefore = loadavg()[0]!;
  // Asynchronous on purpose: the image server lives in this process and must keep answering.
  return new Promise((resolve, reject) => {
    const child = spawn(
      "/usr/bin/time",
      ["-f", "%e %M", path.join(PROJECT_ROOT, "node_modules/.bin/gatsby"), "build", "--log-pages"],
      {
        cwd: dir,
        env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", ...env },
      },
    );
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const output = Buffer.concat(chunks).toString();
      if (logs) {
        logCounter += 1;
        writeFileSync(
          path.join(logs, `${String(logCounter).padStart(2, "0")}-${label.replace(/[^a-z0-9]+/gi, "-")}.log`),
          output,
        );
      }
      if (code !== 0) {
        reject(new Error(`gatsby build failed in ${dir}:\n${output.slice(-6000)}`));
        return;
      }
      const last = stderr.trim().split("\n").at(-1) ?? "";
      const [seconds = NaN, kb = NaN] = last.split(" ").map(Number);
      resolve({ seconds, peakMb: kb / 1024, load: [loadBefore, loadavg()[0]!], ...readBuildOutput(output) });
    });
  });
}

/** The three builds of one site: cold, warm with nothing changed, warm after `change()`. */
interface Series {
  cold: BuildFigures;
  warm: BuildFigures;
  changed: BuildFigures;
}

async function series(
  dir: string,
  env: Record<string, string>,
  change: () => Record<string, string> | void,
  logs: string | undefined,
  label: string,
): Promise<Series> {
  const cold = await timedBuild(dir, env, logs, `${label} cold`);
  const warm = await timedBuild(dir, env, logs, `${label} warm`);
  const extra = change() ?? {};
  const changed = await timedBuild(dir, { ...env, ...extra }, logs, `${label} one changed`);
  return { cold, warm, changed };
}

// ---- The text-only baseline --------------------------------------------------------------------

/**
 * A minimal Gatsby site with `count` JSON posts in a new scratch folder: no plugin, a schema of one
 * type, one template, one page per post, node_modules linked from this project.
 */
export function writeBaselineSite(count: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-baseline-"));
  const files: Record<string, string> = {
    // Gatsby's CLI builds only a folder whose package.json names gatsby; the packages are this project's.
    "package.json": JSON.stringify(
      { name: "bench-baseline", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } },
      null,
      2,
    ),
    "gatsby-config.ts":
      'import type { GatsbyConfig } from "gatsby";\n\nconst config: GatsbyConfig = { trailingSlash: "never" };\n\nexport default config;\n',
    "gatsby-node.ts": `import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";

const postsDir = path.join(process.cwd(), "content", "posts");

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes("type Post implements Node @dontInfer { slug: String! title: String! date: Date! @dateformat body: [String!]! }");
};

export const sourceNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest }) => {
  for (const file of readdirSync(postsDir)) {
    const post = JSON.parse(readFileSync(path.join(postsDir, file), "utf8")) as { slug: string };
    actions.createNode({ ...post, id: createNodeId(post.slug), parent: null, children: [], internal: { type: "Post", contentDigest: createContentDigest(post) } });
  }
};

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions }) => {
  const result = await graphql<{ allPost: { nodes: { id: string; slug: string }[] } }>("{ allPost { nodes { id slug } } }");
  for (const node of result.data?.allPost.nodes ?? []) {
    actions.createPage({ path: \`/posts/\${node.slug}\`, component: path.resolve("src/templates/post.tsx"), context: { id: node.id } });
  }
};
`,
    "src/templates/post.tsx": `import * as React from "react";
import { graphql, type PageProps } from "gatsby";

export const query = graphql\`
  query Post($id: String!) {
    post(id: { eq: $id }) {
      title
      date(formatString: "MMMM D, YYYY")
      body
    }
  }
\`;

export default function Post({ data }: PageProps<{ post: { title: string; date: string; body: string[] } }>): React.JSX.Element {
  return (
    <main>
      <h1>{data.post.title}</h1>
      <p>{data.post.date}</p>
      {data.post.body.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </main>
  );
}
`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  mkdirSync(path.join(dir, "content", "posts"), { recursive: true });
  for (let i = 0; i < count; i += 1) writeBaselinePost(dir, i);
  symlinkSync(path.join(PROJECT_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

function writeBaselinePost(dir: string, index: number, edited = ""): void {
  const slug = `post-${String(index).padStart(6, "0")}`;
  const post = {
    slug,
    title: `Post ${index}${edited}`,
    date: new Date(Date.UTC(2022, 0, 1) + index * 3_600_000).toISOString(),
    body: [
      `Paragraph one of post ${index}.`,
      "Be curious, be kind, be yourself.",
      `The end of post ${index}${edited}.`,
    ],
  };
  writeFileSync(path.join(dir, "content", "posts", `${slug}.json`), JSON.stringify(post));
}

// ---- The table ---------------------------------------------------------------------------------

const seconds = (value: number): string => `${value.toFixed(1)} s`;
const ratio = (site: number, baseline: number): string => `${(site / baseline).toFixed(1)}×`;

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
  const generator = path.join(import.meta.dirname, "generate-articles.ts");
  try {
    const emulator = await startEmulator();
    try {
      const base = [
        "--emulator",
        emulator.host,
        "--project",
        "bench",
        "--count",
        String(count),
        "--image-base",
        `${images.url}/`,
      ];
      const covers = coversDir ? ["--unique-covers", "--covers-dir", coversDir] : [];
      const generate = spawnSync(process.execPath, [generator, ...base, ...covers], { encoding: "utf8" });
      if (generate.status !== 0) throw new Error(generate.stderr || `generate-articles exited with ${generate.status}`);

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
            const edit = spawnSync(process.execPath, [generator, ...base, ...covers, "--edit", String(edited)], {
              encoding: "utf8",
            });
            if (edit.status !== 0)
              throw new Error(edit.stderr || `generate-articles --edit exited with ${edit.status}`);
            // As the rebuild trigger would: name the changed document.
            return { CHANGED_DOCUMENT_IDS: edit.stdout.trim() };
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

// ---- Builds with a filled image store ---------------------------------------------------------

/** The bytes under `dir`, and those of files that are hard links (shared with the image store). */
export function folderSize(dir: string): { bytes: number; linkedBytes: number } {
  let bytes = 0;
  let linkedBytes = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const stat = lstatSync(path.join(dir, name));
    if (!stat.isFile()) continue;
    bytes += stat.size;
    if (stat.nlink > 1) linkedBytes += stat.size;
  }
  return { bytes, linkedBytes };
}

interface StoreSeries {
  cold: BuildFigures;
  codeChanged: BuildFigures;
  publicMb: number;
  linkedMb: number;
}

/** Cold build after `gatsby clean`, then a build after a change to src/node/ (which empties .cache/). */
async function storeSeries(
  dir: string,
  env: Record<string, string>,
  logs: string | undefined,
  label: string,
): Promise<StoreSeries> {
  spawnSync(path.join(PROJECT_ROOT, "node_modules/.bin/gatsby"), ["clean"], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
  });
  const cold = await timedBuild(dir, env, logs, `${label} cold after clean`);
  appendFileSync(
    path.join(dir, "src", "node", "pages.ts"),
    `\n// bench: the build's code changed at ${new Date().toISOString()}\n`,
  );
  const codeChanged = await timedBuild(dir, env, logs, `${label} src-node changed`);
  const size = folderSize(path.join(dir, "public"));
  return { cold, codeChanged, publicMb: size.bytes / 1e6, linkedMb: size.linkedBytes / 1e6 };
}

interface FillFigures {
  covers: number;
  encodings: number;
  failed: number;
  seconds: number;
  coversPerSecondPerCore: number;
  peakMb: number;
}

/**
 * Runs `npm run images:fill` for a site configuration and returns its JSON summary and peak memory.
 * Asynchronous, like timedBuild: the image servers live in this process and must keep answering.
 */
function fillStore(env: Record<string, string>, logs: string | undefined, label: string): Promise<FillFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "/usr/bin/time",
      ["-f", "%e %M", process.execPath, path.join(import.meta.dirname, "images-fill.ts"), "--json"],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, ...env },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (logs)
        writeFileSync(path.join(logs, `fill-${label.replace(/[^a-z0-9]+/gi, "-")}.log`), `${stdout}\n${stderr}`);
      if (code !== 0) return reject(new Error(`images:fill failed:\n${stderr.slice(-4000)}`));
      const summary = JSON.parse(stdout.trim().split("\n").at(-1)!) as Omit<FillFigures, "peakMb">;
      const kb = Number(stderr.trim().split("\n").at(-1)!.split(" ")[1]);
      resolve({ ...summary, peakMb: kb / 1024 });
    });
  });
}

const preciseRatio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

async function benchFilledStore(count: number, logs: string | undefined): Promise<void> {
  const coversDir = mkdtempSync(path.join(tmpdir(), "bench-covers-"));
  const store = mkdtempSync(path.join(tmpdir(), "bench-image-store-"));
  const unique = await startImageServer({ dir: coversDir });
  const shared = await startImageServer({ dir: path.join(PROJECT_ROOT, "content/blog/images") });
  const generator = path.join(import.meta.dirname, "generate-articles.ts");
  const emulator = await startEmulator();
  const dirs: string[] = [];
  try {
    const generate = (project: string, imageBase: string, extra: string[]) => {
      const run = spawnSync(
        process.execPath,
        [
          generator,
          "--emulator",
          emulator.host,
          "--project",
          project,
          "--count",
          String(count),
          "--image-base",
          imageBase,
          ...extra,
        ],
        { encoding: "utf8" },
      );
      if (run.status !== 0) throw new Error(run.stderr || `generate-articles exited with ${run.status}`);
    };
    generate("bench-unique", `${unique.url}/`, ["--unique-covers", "--covers-dir", coversDir]);
    generate("bench-shared", `${shared.url}/`, []);
    const envOf = (project: string) => ({
      GATSBY_FIREBASE_PROJECT_ID: project,
      GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host,
      ALLOW_INSECURE_IMAGE_HOSTS: "true",
      IMAGE_STORE_DIR: store,
    });
    const fillUnique = await fillStore(envOf("bench-unique"), logs, `${count} unique`);
    const fillShared = await fillStore(envOf("bench-shared"), logs, `${count} shared`);
    const site = async (project: string, label: string): Promise<StoreSeries> => {
      const dir = copySiteProject(PROJECT_ROOT, { prefix: "bench-build-" });
      dirs.push(dir);
      return storeSeries(dir, envOf(project), logs, label);
    };
    const uniqueRun = await site("bench-unique", `${count} unique covers`);
    const sharedRun = await site("bench-shared", `${count} shared covers`);
    const baselineDir = writeBaselineSite(count);
    dirs.push(baselineDir);
    const baseline = await timedBuild(baselineDir, {}, logs, `${count} baseline cold`);
    const rows: [string, string, string, string][] = [
      ["", "own covers", "shared covers", "own / shared"],
      [
        "cold after gatsby clean",
        seconds(uniqueRun.cold.seconds),
        seconds(sharedRun.cold.seconds),
        preciseRatio(uniqueRun.cold.seconds, sharedRun.cold.seconds),
      ],
      [
        "after a change to src/node/",
        seconds(uniqueRun.codeChanged.seconds),
        seconds(sharedRun.codeChanged.seconds),
        preciseRatio(uniqueRun.codeChanged.seconds, sharedRun.codeChanged.seconds),
      ],
      [
        "peak memory (largest build)",
        `${Math.max(uniqueRun.cold.peakMb, uniqueRun.codeChanged.peakMb).toFixed(0)} MB`,
        `${Math.max(sharedRun.cold.peakMb, sharedRun.codeChanged.peakMb).toFixed(0)} MB`,
        "",
      ],
      [
        "public/ (of it, links into the store)",
        `${uniqueRun.publicMb.toFixed(1)} MB (${uniqueRun.linkedMb.toFixed(1)})`,
        `${sharedRun.publicMb.toFixed(1)} MB (${sharedRun.linkedMb.toFixed(1)})`,
        "",
      ],
      [
        "cold / text-only cold",
        preciseRatio(uniqueRun.cold.seconds, baseline.seconds),
        preciseRatio(sharedRun.cold.seconds, baseline.seconds),
        "",
      ],
      [
        "fill: covers, s, covers/s/core, peak",
        `${fillUnique.covers}, ${fillUnique.seconds} s, ${fillUnique.coversPerSecondPerCore}, ${fillUnique.peakMb.toFixed(0)} MB`,
        `${fillShared.covers}, ${fillShared.seconds} s, ${fillShared.coversPerSecondPerCore}, ${fillShared.peakMb.toFixed(0)} MB`,
        "",
      ],
      ["encodings during the builds", String(encodingsIn(uniqueRun)), String(encodingsIn(sharedRun)), ""],
    ];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
    console.log(
      `\n${count} generated articles, image store filled first (${availableParallelism()} cores); text-only Gatsby cold: ${seconds(baseline.seconds)}, ${baseline.peakMb.toFixed(0)} MB`,
    );
    for (const row of rows)
      console.log(
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join("  ")
          .trimEnd(),
      );
  } finally {
    emulator.stop();
    await unique.close();
    await shared.close();
    for (const dir of [...dirs, coversDir, store]) rmSync(dir, { recursive: true, force: true });
  }
}

/** What the builds of a series encoded, as prepareCovers reports it (0 when the store was full). */
function encodingsIn(run: StoreSeries): number {
  return run.cold.encodings + run.codeChanged.encodings;
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
