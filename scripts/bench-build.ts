// `npm run bench:build -- [--count 1000] [--skip-sample]`: gatsby build times, cold and warm, with
// peak memory, for the sample content and for N generated articles sourced from a Firestore
// emulator. Each build runs in a scratch copy of the project under /usr/bin/time (peak = largest
// process's resident memory).
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { startEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { startImageServer } from "./lib/image-server.ts";
import { copySiteProject } from "./lib/project-files.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

const COMMAND = {
  usage: "npm run bench:build -- [options]",
  summary:
    "Times cold and warm gatsby builds, with peak memory, of the sample content and of N generated\n" +
    "articles sourced from a Firestore emulator. Each build runs in a scratch copy of the project.",
  options: {
    count: { type: "string", value: "n", default: "1000", description: "How many generated articles to build." },
    "skip-sample": { type: "boolean", description: "Skip the build of the sample content." },
  },
} as const;

/** Runs `gatsby build` in `dir` under /usr/bin/time; resolves with its time and peak memory. */
function timedBuild(dir: string, env: Record<string, string>): Promise<string> {
  // Asynchronous on purpose: the image server lives in this process and must keep answering.
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%e %M", path.join(PROJECT_ROOT, "node_modules/.bin/gatsby"), "build"], {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "true", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-4000)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on("error", reject);
    child.on("exit", (code) => {
      const last = stderr.trim().split("\n").at(-1) ?? "";
      const [seconds = NaN, kb = NaN] = last.split(" ").map(Number);
      if (code !== 0) reject(new Error(`gatsby build failed:\n${stdout}\n${stderr}`));
      else resolve(`${seconds.toFixed(1)} s, peak ${(kb / 1024).toFixed(0)} MB`);
    });
  });
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const dir = copySiteProject(PROJECT_ROOT, { prefix: "bench-build-" });
  try {
    const cold = await timedBuild(dir, env);
    const warm = await timedBuild(dir, env);
    console.log(`${label}: cold ${cold}; warm ${warm}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const count = integerOption(values.count, "count");
  if (!values["skip-sample"]) await measure("sample content (24 articles)", { GATSBY_FIREBASE_PROJECT_ID: "" });

  const images = await startImageServer({ dir: path.join(PROJECT_ROOT, "content/blog/images") });
  try {
    const emulator = await startEmulator();
    try {
      const generate = spawnSync(
        process.execPath,
        [path.join(import.meta.dirname, "generate-articles.ts"), "--emulator", emulator.host, "--project", "bench", "--count", String(count), "--image-base", `${images.url}/`],
        { encoding: "utf8" },
      );
      if (generate.status !== 0) throw new Error(generate.stderr || `generate-articles exited with ${generate.status}`);
      // The covers come from the local image server, over http on 127.0.0.1: allowed for this run only.
      await measure(`${count} generated articles from the emulator`, { GATSBY_FIREBASE_PROJECT_ID: "bench", GATSBY_FIRESTORE_EMULATOR_HOST: emulator.host, ALLOW_INSECURE_IMAGE_HOSTS: "true" });
    } finally {
      emulator.stop();
    }
  } finally {
    await images.close();
  }
}

runMain(main);
