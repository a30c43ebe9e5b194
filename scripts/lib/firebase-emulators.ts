// Starts the Auth and Functions emulators of firebase-tools for the editors' side (npm run emulators,
// the preview tests). Firestore is the standalone emulator (scripts/emulator.ts): firebase-tools'
// own needs a newer Java. Each run gets a scratch folder holding its own firebase.json (ports, no UI)
// and the functions' .env.local, so runs side by side never share a port or a setting, and nothing
// is written into the source tree except the bundled functions (webhook/trigger/lib, ignored by git).
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, signalGroup } from "./processes.ts";
import { PROJECT_ROOT } from "./root.ts";

const FUNCTIONS_DIR = path.join(PROJECT_ROOT, "webhook", "trigger");
const FIREBASE_BIN = path.join(PROJECT_ROOT, "node_modules", ".bin", "firebase");

export interface FirebaseEmulatorOptions {
  projectId: string;
  /** Default: a free port each. */
  authPort?: number;
  functionsPort?: number;
  /** host:port of the Firestore emulator the functions read and write. */
  firestoreHost: string;
  /** Settings of the functions (REBUILD_URL, PREVIEW_SITE_URL, …), written to their .env.local. */
  functionsEnv?: Record<string, string>;
  /** Secrets of the functions (REBUILD_SECRET), passed in the environment, never written down. */
  secrets?: Record<string, string>;
  /** Starts the Auth emulator alone: no functions built or loaded (for whoever only needs ID tokens). */
  authOnly?: boolean;
  timeoutMs?: number;
}

export interface RunningFirebaseEmulators {
  /** host:port of each, as FIREBASE_AUTH_EMULATOR_HOST takes it; functionsHost is "" with authOnly. */
  authHost: string;
  functionsHost: string;
  pid: number;
  /** Stops the emulators and removes the run's scratch folder. */
  stop: () => void;
}

/**
 * Builds the functions codebase as its predeploy hook does (`npm run build:functions`): type-checked,
 * then bundled with the workspace code it imports into lib/index.js, its package.json "main".
 */
export function buildFunctions(): void {
  const result = spawnSync(process.execPath, [path.join(FUNCTIONS_DIR, "build.ts")], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`The functions do not build:\n${result.stdout}${result.stderr}`);
}

/** The project's firebase.json "functions" entry, pointed at the source from the scratch folder. */
function functionsConfig(runDir: string): unknown[] {
  const config = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "firebase.json"), "utf8")) as {
    functions: { source: string; [key: string]: unknown }[];
  };
  return config.functions.map(({ predeploy: _predeploy, ...entry }) => ({
    ...entry,
    // firebase-tools takes sources relative to the folder of the config it was given.
    source: path.relative(runDir, path.join(PROJECT_ROOT, entry.source)),
    configDir: ".",
  }));
}

const dotenv = (values: Record<string, string>): string =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
    .join("");

async function answers(url: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    return null;
  }
}

/**
 * The Functions emulator registers Firestore triggers only with a Firestore emulator it started
 * itself; with the standalone one, the same registration is made here, as firebase-tools makes it.
 */
async function registerFirestoreTriggers(functionsHost: string, firestoreHost: string, projectId: string) {
  const response = await answers(`http://${functionsHost}/backends`);
  const body = (await response?.json()) as {
    backends?: { functionTriggers?: { id: string; eventTrigger?: Record<string, unknown> }[] }[];
  };
  for (const trigger of (body?.backends ?? []).flatMap((backend) => backend.functionTriggers ?? [])) {
    const event = trigger.eventTrigger as
      | { eventType?: string; eventFilters?: Record<string, string>; eventFilterPathPatterns?: Record<string, string> }
      | undefined;
    if (!event?.eventType?.startsWith("google.cloud.firestore.")) continue;
    const pattern = event.eventFilterPathPatterns?.document;
    const bundle = {
      eventType: event.eventType,
      database: event.eventFilters?.database ?? "(default)",
      namespace: event.eventFilters?.namespace ?? "(default)",
      document: { value: pattern ?? event.eventFilters?.document, matchType: pattern ? "PATH_PATTERN" : "EXACT" },
    };
    // The key the Functions emulator files the trigger under: its id and the generation of the code (0).
    const key = encodeURIComponent(`${trigger.id}-0`);
    const url = `http://${firestoreHost}/emulator/v1/projects/${projectId}/eventarcTrigger?eventarcTriggerId=${key}`;
    const registered = await answers(url, { method: "POST", body: JSON.stringify(bundle) });
    if (!registered?.ok) {
      const why = registered ? `${registered.status} ${await registered.text()}` : "no answer";
      throw new Error(`The Firestore emulator refused the trigger ${trigger.id} (${JSON.stringify(bundle)}): ${why}`);
    }
  }
}

/**
 * Starts the emulators in their own process group; resolves once the Auth emulator answers and the
 * Functions emulator has loaded the functions, and rejects with their output after `timeoutMs`.
 */
export async function startFirebaseEmulators(options: FirebaseEmulatorOptions): Promise<RunningFirebaseEmulators> {
  const { projectId, firestoreHost, functionsEnv = {}, secrets = {}, authOnly = false, timeoutMs = 90_000 } = options;
  if (!authOnly) buildFunctions();
  const [authPort, functionsPort, hubPort, loggingPort, eventarcPort, tasksPort] = await Promise.all([
    options.authPort ?? freePort(),
    options.functionsPort ?? freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const runDir = mkdtempSync(path.join(os.tmpdir(), "kindred-emulators-"));
  const at = (port: number) => ({ host: "127.0.0.1", port });
  const config = {
    emulators: {
      auth: at(authPort),
      functions: at(functionsPort),
      // Every port is named: the defaults are fixed, and two runs at once would collide on them.
      hub: at(hubPort),
      logging: at(loggingPort),
      eventarc: at(eventarcPort),
      tasks: at(tasksPort),
      ui: { enabled: false },
    },
    ...(authOnly ? {} : { functions: functionsConfig(runDir) }),
  };
  writeFileSync(path.join(runDir, "firebase.json"), JSON.stringify(config, null, 2));
  writeFileSync(path.join(runDir, ".env.local"), dotenv(functionsEnv));

  const only = authOnly ? "auth" : "auth,functions";
  const args = ["emulators:start", "--only", only, "--project", projectId, "--non-interactive"];
  // Output goes to a file, not a pipe: the emulators outlive a pipe's reader (npm run emulators
  // leaves them running), and a closed pipe would stop them at their next line of log.
  const logFile = path.join(runDir, "emulators.log");
  const log = openSync(logFile, "a");
  const child = spawn(FIREBASE_BIN, [...args, "--config", path.join(runDir, "firebase.json")], {
    cwd: runDir,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      ...secrets,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      METADATA_SERVER_DETECTION: "none",
    },
  });
  closeSync(log);
  const output = (): string => readFileSync(logFile, "utf8").slice(-8000);
  const stop = (): void => {
    signalGroup(child.pid);
    rmSync(runDir, { recursive: true, force: true });
  };
  const authHost = `127.0.0.1:${authPort}`;
  const functionsHost = authOnly ? "" : `127.0.0.1:${functionsPort}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.pid === undefined) {
      const seen = output();
      stop();
      throw new Error(`The Firebase emulators exited with code ${child.exitCode}:\n${seen}`);
    }
    const auth = await answers(`http://${authHost}/`);
    const loaded = authOnly || /Loaded functions definitions from source/.test(output());
    if (auth?.ok && loaded) {
      try {
        if (!authOnly) await registerFirestoreTriggers(functionsHost, firestoreHost, projectId);
      } catch (error) {
        stop();
        throw error;
      }
      child.unref();
      return { authHost, functionsHost, pid: child.pid, stop };
    }
    if (/Failed to load function definition/.test(output())) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seen = output();
  stop();
  throw new Error(`The Firebase emulators were not ready within ${timeoutMs / 1000} s:\n${seen}`);
}
