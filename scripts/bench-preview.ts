// `npm run bench:preview -- [--runs 20]`
// Save-to-preview time: how long after an editor's save an open preview shows it. Starts the
// emulators (standalone Firestore, Auth and Functions of firebase-tools) on free ports with the
// sample articles, builds the site against them in a scratch copy, serves it, opens a preview link
// in headless Chromium, then saves a new title N times and times each until the page shows it.
// Prints the median and the worst; asserts nothing.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromePath, CHROME_FLAGS } from "./chrome-path.ts";
import { startEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { callPreviewLink, makeEditor } from "./lib/editors.ts";
import { startFirebaseEmulators } from "./lib/firebase-emulators.ts";
import { startImageServer } from "./lib/image-server.ts";
import { freePort } from "./lib/processes.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";
import { startServer } from "./serve.ts";

const PROJECT_ID = "demo-bench-preview";
const ARTICLE = "EdJsShowcase0000Plan";

const COMMAND = {
  usage: "npm run bench:preview -- [options]",
  summary: "Times save-to-preview on the sample content: median and worst of N saves.",
  options: {
    runs: { type: "string", value: "n", default: "20", description: "How many saves to time." },
  },
} as const;

function gatsbyBuild(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const gatsby = path.join(PROJECT_ROOT, "node_modules", ".bin", "gatsby");
    const child = spawn(gatsby, ["build"], { cwd: dir, env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-3000)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`gatsby build failed:\n${errors}`))));
  });
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const runs = integerOption(values.runs, "runs");
  const cleanups: (() => unknown)[] = [];
  try {
    const images = await startImageServer({ dir: path.join(PROJECT_ROOT, "content", "blog", "images") });
    cleanups.push(() => images.close());
    const functionsPort = await freePort();
    const firestore = await startEmulator({ functionsEmulator: `127.0.0.1:${functionsPort}` });
    cleanups.push(firestore.stop);
    await seed({ emulator: firestore.host, project: PROJECT_ID, imageBase: `${images.url}/` });
    const sitePort = await freePort();
    const siteUrl = `http://127.0.0.1:${sitePort}`;
    const firebase = await startFirebaseEmulators({
      projectId: PROJECT_ID,
      firestoreHost: firestore.host,
      functionsPort,
      functionsEnv: { REBUILD_URL: "http://127.0.0.1:9/unused", PREVIEW_SITE_URL: siteUrl },
      secrets: { REBUILD_SECRET: "unused-in-this-benchmark" },
    });
    cleanups.push(firebase.stop);

    console.log("Building the site against the emulators…");
    const dir = copySiteProject(PROJECT_ROOT, { prefix: "bench-preview-" });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await gatsbyBuild(dir, {
      ...process.env,
      GATSBY_TELEMETRY_DISABLED: "1",
      GATSBY_FIREBASE_PROJECT_ID: PROJECT_ID,
      GATSBY_FIRESTORE_EMULATOR_HOST: firestore.host,
      GATSBY_FIREBASE_AUTH_EMULATOR_HOST: firebase.authHost,
      FIRESTORE_EMULATOR_HOST: firestore.host,
      ALLOW_INSECURE_IMAGE_HOSTS: "true",
      SITE_URL: siteUrl,
    });
    const site = await startServer({ port: sitePort, publicDir: path.join(dir, "public") });
    cleanups.push(() => site.close());

    const addresses = { projectId: PROJECT_ID, authHost: firebase.authHost, functionsHost: firebase.functionsHost };
    const { idToken } = await makeEditor(addresses, "bench@example.com");
    const { answer } = await callPreviewLink(addresses, ARTICLE, idToken);
    if (!("result" in answer)) throw new Error(`previewLink refused: ${answer.error.message}`);

    const { initializeApp, deleteApp } = await import("firebase-admin/app");
    const { getFirestore } = await import("firebase-admin/firestore");
    const app = initializeApp({ projectId: PROJECT_ID }, "bench-preview");
    cleanups.push(() => deleteApp(app));
    const article = getFirestore(app).collection("blogMetaData").doc(ARTICLE);

    const browser = await chromium.launch({ executablePath: chromePath(), args: [...CHROME_FLAGS] });
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    await page.goto(answer.result.url);
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 30_000 });

    const times: number[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const title = `Saved title ${run} ${Date.now()}`;
      const shown = page.waitForFunction((expected) => document.querySelector("h1")?.textContent === expected, title, {
        timeout: 30_000,
        polling: "raf",
      });
      const start = performance.now();
      await article.update({ title });
      await shown;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median =
      times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
    console.log(
      `Save-to-preview over ${runs} saves: median ${median.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

if (import.meta.main) runMain(main);
