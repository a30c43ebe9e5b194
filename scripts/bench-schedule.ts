// `npm run bench:schedule -- [--runs 10] [--lead 20]`: how late a scheduled article reaches
// visitors. Starts a Firestore emulator, the rebuild service with its schedule timer and the site
// server, builds once, then schedules one article per run `--lead` seconds ahead and reads the
// served site until the article is on every surface (page, list, search, feed, sitemap). Prints
// the lateness from the scheduled instant to the article being served, per run, with the median
// and the worst. Figures are printed, never asserted.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { startImageServer } from "./lib/image-server.ts";
import { signalGroup } from "./lib/processes.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { everywhere, watchSite, type WatchedArticle } from "./lib/site-traces.ts";

const COMMAND = {
  usage: "npm run bench:schedule -- [options]",
  summary:
    "Schedules articles on a local emulator with the real rebuild service and real builds, and prints\n" +
    "how late each is served after its instant (page, list, search, feed and sitemap all showing it).",
  options: {
    runs: { type: "string", value: "n", default: "10", description: "How many scheduled articles, one after another." },
    lead: { type: "string", value: "s", default: "20", description: "How far ahead each is scheduled, in seconds." },
  },
} as const;

const PROJECT_ID = "bench-schedule";
const TIMEOUT_MS = 180_000;

/** Starts `node <script>` in its own process group; resolves its child and the match of `ready`. */
function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, script)], {
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = ready.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const runs = integerOption(values.runs, "runs");
  const leadMs = integerOption(values.lead, "lead", 0) * 1000;
  const emulator = await startEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = "none";
  const children: ChildProcess[] = [];
  const cover = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#b3124f" } })
    .webp()
    .toBuffer();
  const images = await startImageServer({ images: { "cover.webp": cover } });
  const dir = mkdtempSync(path.join(tmpdir(), "bench-schedule-"));
  const projectDir = copySiteProject(PROJECT_ROOT);
  const secret = randomBytes(32).toString("hex");
  // Loaded once the emulator's address is in the environment.
  const { initializeApp, deleteApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  const db = getFirestore(app);
  const save = async (id: string, article: WatchedArticle, fields: Record<string, unknown>): Promise<void> => {
    const data = {
      title: article.title,
      slug: article.slug,
      categories: ["Dating Tips"],
      featureImage: `${images.url}/cover.webp`,
      lastUpdate: Timestamp.now(),
      content: { time: 1, version: "2.28.2", blocks: [{ id: "p", type: "paragraph", data: { text: article.body } }] },
    };
    await db
      .collection("blog")
      .doc(id)
      .set({ ...data, published: fields.published });
    await db
      .collection("blogMetaData")
      .doc(id)
      .set({ ...data, blogId: id, ...fields });
  };
  try {
    await save("first", { slug: "first", title: "First", body: "Body of the first article" }, { published: true });
    const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
    const service = await start(
      "webhook/server.ts",
      {
        ...inherited,
        GATSBY_TELEMETRY_DISABLED: "1",
        REBUILD_SECRET: secret,
        PORT: "0",
        HOST: "127.0.0.1",
        PUBLISH_DIR: path.join(dir, "site"),
        PROJECT_DIR: projectDir,
        BUILDS_DIR: path.join(dir, "builds"),
        SCHEDULE_PROJECT_ID: PROJECT_ID,
        GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
        GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host,
        ALLOW_INSECURE_IMAGE_HOSTS: "true",
        CI: "true",
      },
      /listening on (http:\/\/[\d.]+:\d+)/,
    );
    children.push(service.child);
    const auth = { authorization: `Bearer ${secret}` };
    await fetch(`${service.url}/rebuild`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ reason: "bench: first build" }),
    });
    for (;;) {
      const status = (await (await fetch(`${service.url}/status`, { headers: auth })).json()) as {
        current: unknown;
        queued: unknown;
        published: string | null;
      };
      if (!status.current && !status.queued && status.published) break;
      if (!status.current && !status.queued) throw new Error("The first build failed; see the service's /status.");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const site = await start(
      "scripts/serve.ts",
      { ...process.env, PORT: "0", PUBLIC_DIR: path.join(dir, "site") },
      /at (http:\/\/[\d.]+:\d+)/,
    );
    children.push(site.child);

    const lateness: number[] = [];
    console.log(
      `Scheduling ${runs} articles ${leadMs / 1000} s ahead, one after another (load ${loadavg()[0]!.toFixed(1)})`,
    );
    for (let run = 1; run <= runs; run += 1) {
      const article = { slug: `scheduled-${run}`, title: `Scheduled ${run}`, body: `Body of scheduled article ${run}` };
      const at = Date.now() + leadMs;
      await save(`scheduled-${run}`, article, { published: false, publishAt: Timestamp.fromMillis(at) });
      const observations = await watchSite(site.url, article, everywhere, at + TIMEOUT_MS, { pauseMs: 100 });
      const seen = observations.find((observation) => everywhere(observation.traces));
      const early = observations.some((o) => o.endedAt < at && Object.values(o.traces).some(Boolean));
      if (!seen) throw new Error(`Run ${run}: not served within ${TIMEOUT_MS / 1000} s of its instant`);
      lateness.push(seen.endedAt - at);
      console.log(
        `run ${String(run).padStart(2)}: served ${((seen.endedAt - at) / 1000).toFixed(1)} s after its instant` +
          `${early ? " (A TRACE WAS SERVED EARLY)" : ""}`,
      );
    }
    const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `Lateness over ${runs} runs: median ${secs(median(lateness))}, best ${secs(Math.min(...lateness))}, ` +
        `worst ${secs(Math.max(...lateness))} (load ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    // Wait for each to exit: a service still stopping would write into the folder being removed.
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            child.once("exit", resolve);
            signalGroup(child.pid);
          }),
      ),
    );
    await images.close();
    await deleteApp(app);
    emulator.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(projectDir, { recursive: true, force: true });
  }
}

if (import.meta.main) runMain(main);
