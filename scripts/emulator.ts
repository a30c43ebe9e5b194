// Starts and stops a real Cloud Firestore emulator for tests and local work.
// The launcher is FIRESTORE_EMULATOR_BIN, by default the Google Cloud SDK's; it needs Java 17+.
//
// `npm run emulator -- [--port 8080] [--project ID] [--image-base URL]` starts one, seeds it with the
// sample articles and keeps it running until Ctrl+C.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { freePort, signalGroup } from "./lib/processes.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";

export const DEFAULT_EMULATOR_BIN =
  "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator";

/** Fails with a message that says what to install when the emulator or Java is missing. */
export function emulatorBinary(): string {
  const bin = process.env.FIRESTORE_EMULATOR_BIN || DEFAULT_EMULATOR_BIN;
  if (!existsSync(bin)) {
    throw new Error(
      `The Cloud Firestore emulator was not found at ${bin}. Install it with the Google Cloud CLI ` +
        '("gcloud components install cloud-firestore-emulator", or Debian\'s google-cloud-cli-firestore-emulator) ' +
        "or the Firebase CLI, and point FIRESTORE_EMULATOR_BIN at its launcher.",
    );
  }
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error('The Cloud Firestore emulator needs Java 17 or newer, and "java" is not on the PATH.');
  }
  return bin;
}

async function isReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`);
    return response.ok && (await response.text()).trim() === "Ok";
  } catch {
    return false;
  }
}

export interface EmulatorOptions {
  /** Default: a free port. */
  port?: number;
  /** The security rules file. Default: the project's firestore.rules. */
  rules?: string;
  /** host:port of a Functions emulator to send Firestore trigger events to. */
  functionsEmulator?: string;
  timeoutMs?: number;
}

export interface RunningEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST takes it. */
  host: string;
  /** The leader of the emulator's process group. */
  pid: number;
  /** Stops the emulator with the Java process behind its wrapper. */
  stop: () => void;
}

/**
 * Starts the emulator in its own process group with the project's security rules.
 * Resolves once it answers "Ok"; rejects after `timeoutMs`.
 */
export async function startEmulator({
  port,
  rules = path.join(PROJECT_ROOT, "firestore.rules"),
  functionsEmulator,
  timeoutMs = 60_000,
}: EmulatorOptions = {}): Promise<RunningEmulator> {
  const bin = emulatorBinary();
  const chosenPort = port ?? (await freePort());
  const host = `127.0.0.1:${chosenPort}`;
  const args = ["start", "--host=127.0.0.1", `--port=${chosenPort}`, `--rules=${rules}`];
  if (functionsEmulator) args.push("--functions_emulator", functionsEmulator);
  const child = spawn(bin, args, {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // Killing the wrapper alone would leave Java running: stop the whole group.
  const stop = (): void => signalGroup(child.pid);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.pid === undefined) {
      throw new Error(`The Firestore emulator exited with code ${child.exitCode}:\n${stderr}`);
    }
    if (await isReady(host)) {
      child.stderr.destroy();
      child.unref();
      return { host, pid: child.pid, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`The Firestore emulator did not answer on ${host} within ${timeoutMs / 1000} s:\n${stderr}`);
}

const COMMAND = {
  usage: "npm run emulator -- [options]",
  summary:
    "Starts a Cloud Firestore emulator with the project's security rules, seeds it with the sample\n" +
    "articles and keeps it running until Ctrl+C.",
  options: {
    port: {
      type: "string",
      value: "port",
      default: process.env.FIRESTORE_PORT || "8080",
      description: "The port to listen on (env FIRESTORE_PORT).",
    },
    project: {
      type: "string",
      value: "id",
      default: process.env.GATSBY_FIREBASE_PROJECT_ID || "demo-kindred",
      description: "The project id to seed (env GATSBY_FIREBASE_PROJECT_ID).",
    },
    "image-base": {
      type: "string",
      value: "url",
      default: process.env.SEED_IMAGE_BASE || "http://127.0.0.1:9000/blog-images/",
      description: "Where the seeded articles' images are (env SEED_IMAGE_BASE).",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const port = integerOption(values.port, "port");
  const { host, pid, stop } = await startEmulator({ port });
  const shutdown = (): void => {
    stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  try {
    const count = await seed({
      emulator: host,
      project: values.project,
      imageBase: values["image-base"],
      contentDir: path.join(PROJECT_ROOT, "content", "blog"),
    });
    console.log(`Firestore emulator running at ${host} (process group ${pid}), seeded with ${count} articles.`);
  } catch (error) {
    stop();
    throw error;
  }
  console.log("Build and serve the site against it with:");
  // The seeded covers point at a local server (SEED_IMAGE_BASE), which only a local build may fetch from.
  console.log(
    `  ALLOW_INSECURE_IMAGE_HOSTS=true GATSBY_FIREBASE_PROJECT_ID=${values.project} GATSBY_FIRESTORE_EMULATOR_HOST=${host} npm start`,
  );
  console.log("Ctrl+C stops the emulator.");
  // The emulator runs in its own process group; this process stays to stop it on Ctrl+C.
  setInterval(() => undefined, 1 << 30);
}

if (import.meta.main) runMain(main);
