// `npm run bench:status -- [--edits 3]`
// Trigger-to-`live` time, as an editor's tool sees it: the sample articles are seeded into a
// Firestore emulator, the real rebuild service builds them (a cold build, then one warm build per
// edit of a single article), and the time is taken from the signed trigger to the moment the
// article's `articleStatus` document says `live` for that build. Also printed: how long after the
// build's own finish the state was written. Figures are printed, never asserted.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { signRequest } from "@kindred/publishing";
import { startEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { startImageServer } from "./lib/image-server.ts";
import { signalGroup } from "./lib/processes.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";

const COMMAND = {
  usage: "npm run bench:status -- [options]",
  summary:
    "Times a rebuild from the signed trigger to the article's articleStatus saying live, with the real\n" +
    "rebuild service, a Firestore emulator seeded with the sample articles, and real gatsby builds.",
  options: {
    edits: { type: "string", value: "n", default: "3", description: "How many single-article edits to time." },
  },
} as const;

const PROJECT_ID = "bench-status";
const CONTENT_DIR = path.join(PROJECT_ROOT, "content", "blog");

/** Starts the rebuild service; resolves its URL once it listens. */
function startService(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "webhook", "server.ts")], {
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const listen = (chunk: Buffer): void => {
      output += chunk.toString();
      const ready = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (ready) resolve({ url: ready[1]!, child });
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    child.on("exit", (code) => reject(new Error(`The rebuild service exited with code ${code}:\n${output}`)));
  });
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const edits = integerOption(values.edits, "--edits");
  const emulator = await startEmulator();
  const images = await startImageServer({ dir: path.join(CONTENT_DIR, "images") });
  const scratch = mkdtempSync(path.join(tmpdir(), "bench-status-"));
  const projectDir = copySiteProject(PROJECT_ROOT);
  const secret = randomBytes(32).toString("hex");
  let service: ChildProcess | undefined;
  try {
    const count = await seed({ emulator: emulator.host, project: PROJECT_ID, imageBase: `${images.url}/` });
    // The drafts among the samples are never live.
    const ids = readdirSync(CONTENT_DIR)
      .filter((name) => name.endsWith(".json"))
      .map(
        (name) => JSON.parse(readFileSync(path.join(CONTENT_DIR, name), "utf8")) as { id: string; published?: unknown },
      )
      .filter((article) => article.published === true)
      .map((article) => article.id);
    const { initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
    const app = initializeApp({ projectId: PROJECT_ID }, "bench-status");
    const db = getFirestore(app);
    const started = await startService({
      ...process.env,
      REBUILD_SECRET: secret,
      PORT: "0",
      HOST: "127.0.0.1",
      PUBLISH_DIR: path.join(scratch, "site"),
      BUILDS_DIR: path.join(scratch, "builds"),
      PROJECT_DIR: projectDir,
      GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
      GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host,
      FIRESTORE_EMULATOR_HOST: emulator.host,
      METADATA_SERVER_DETECTION: "none",
      // The local image server answers over http on 127.0.0.1, which a real build never downloads from.
      ALLOW_INSECURE_IMAGE_HOSTS: "true",
      GATSBY_TELEMETRY_DISABLED: "1",
    });
    service = started.child;

    /** Triggers as the Cloud Function does and waits until every named article is live for that build. */
    const timed = async (documents: string[]): Promise<{ seconds: number; lagSeconds: number }> => {
      const body = JSON.stringify({ reason: "bench", documents });
      const begun = Date.now();
      const response = await fetch(`${started.url}/rebuild`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...signRequest(body, secret) },
      });
      const { buildId } = (await response.json()) as { buildId: string };
      for (;;) {
        const states = await db.getAll(...documents.map((id) => db.collection("articleStatus").doc(id)));
        if (states.every((state) => state.get("state") === "live" && state.get("buildId") === buildId)) {
          const seconds = (Date.now() - begun) / 1000;
          const build = await db.collection("siteBuilds").doc(buildId).get();
          const finished = (build.get("finishedAt") as InstanceType<typeof Timestamp>).toMillis();
          const written = Math.max(...states.map((state) => state.updateTime!.toMillis()));
          return { seconds, lagSeconds: (written - finished) / 1000 };
        }
        const ended = await db.collection("siteBuilds").doc(buildId).get();
        if (ended.get("state") === "failed") throw new Error(`Build ${buildId} failed: ${String(ended.get("error"))}`);
        if (ended.get("state") === "published" && Date.now() - ended.get("finishedAt").toMillis() > 10_000) {
          const late = states.filter((state) => state.get("buildId") !== buildId).map((state) => state.id);
          throw new Error(`Build ${buildId} was published 10 s ago, yet these are not live for it: ${late.join(", ")}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    console.log(`${count} sample articles; load average ${loadavg()[0]!.toFixed(1)} on this machine.`);
    const cold = await timed(ids);
    console.log(
      `Cold build, all ${ids.length} articles: trigger to live ${cold.seconds.toFixed(1)} s ` +
        `(state written ${cold.lagSeconds.toFixed(2)} s after the build finished)`,
    );
    const warm: number[] = [];
    for (let edit = 1; edit <= edits; edit += 1) {
      const id = ids[edit % ids.length]!;
      await db
        .collection("blogMetaData")
        .doc(id)
        .update({ title: `Edited for the benchmark, ${edit}`, lastUpdate: Timestamp.now() });
      const result = await timed([id]);
      warm.push(result.seconds);
      console.log(
        `Warm build, one article edited: trigger to live ${result.seconds.toFixed(1)} s ` +
          `(state written ${result.lagSeconds.toFixed(2)} s after the build finished)`,
      );
    }
    const sorted = [...warm].sort((a, b) => a - b);
    if (sorted.length > 0) {
      console.log(
        `One-article edits: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} s, ` +
          `worst ${sorted[sorted.length - 1]!.toFixed(1)} s of ${sorted.length}`,
      );
    }
    await deleteApp(app);
  } finally {
    signalGroup(service?.pid);
    emulator.stop();
    await images.close();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(projectDir, { recursive: true, force: true });
  }
}

if (import.meta.main) runMain(main);
