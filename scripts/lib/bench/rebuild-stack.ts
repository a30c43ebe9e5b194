// What the benches of the rebuild service share (bench:takedown, bench:publish): starting a script
// of the project in a process group of its own, the service's environment on the emulators, its
// GET /status read patiently, and the ways a page may spell a text.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../root.ts";

/** A script started in its own process group, and the last of what it printed. */
export interface Started {
  child: ChildProcess;
  url: string;
  tail: () => string;
}

/**
 * Starts `node <script>` in its own process group; resolves once a line matches `ready` (its first
 * group is the URL). Its output goes to `logFile` and, line by line, to `onLine`.
 */
export function startScript(
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  logFile: string,
  onLine: (line: string) => void = () => undefined,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, script)], {
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const log = createWriteStream(logFile, { flags: "a" });
    let pending = "";
    let tail = "";
    const onData = (chunk: Buffer): void => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-6000);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        onLine(line);
        const match = ready.exec(line);
        if (match) resolve({ child, url: match[1]!, tail: () => tail });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      log.end();
      reject(new Error(`${script} exited with ${code}:\n${tail}`));
    });
  });
}

/** The ways a page can spell a text: as written, escaped in HTML (React's way), escaped in JSON. */
export function spellings(text: string): string[] {
  const html = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
  return [...new Set([text, html, JSON.stringify(text).slice(1, -1)])];
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the rebuild service of a bench finds the emulators, its folders and its secret. */
export interface ServiceSetup {
  secret: string;
  port: number;
  publishDir: string;
  buildsDir: string;
  projectDir: string;
  projectId: string;
  firestoreHost: string;
  authHost: string;
  siteUrl: string;
}

/** The rebuild service's environment on the emulators, as `npm run emulators` gives it (NODE_ENV left out). */
export function serviceEnvironment(setup: ServiceSetup, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, ...inherited } = process.env;
  return {
    ...inherited,
    GATSBY_TELEMETRY_DISABLED: "1",
    CI: "true",
    REBUILD_SECRET: setup.secret,
    PORT: String(setup.port),
    HOST: "127.0.0.1",
    PUBLISH_DIR: setup.publishDir,
    BUILDS_DIR: setup.buildsDir,
    PROJECT_DIR: setup.projectDir,
    GATSBY_FIREBASE_PROJECT_ID: setup.projectId,
    GATSBY_FIRESTORE_EMULATOR_HOST: setup.firestoreHost,
    GATSBY_FIREBASE_AUTH_EMULATOR_HOST: setup.authHost,
    FIRESTORE_EMULATOR_HOST: setup.firestoreHost,
    METADATA_SERVER_DETECTION: "none",
    ALLOW_INSECURE_IMAGE_HOSTS: "true",
    SITE_URL: setup.siteUrl,
    SCHEDULE_PROJECT_ID: setup.projectId,
    ...extra,
  };
}

/** The part of the service's GET /status the benches read. */
export interface ServiceStatus {
  published: string | null;
  current: { id: string; state: string } | null;
  queued: { id: string } | null;
  builds: {
    id: string;
    state: string;
    lane?: string;
    reason: string;
    triggeredAt?: string;
    finishedAt?: string | null;
    durationMs: number | null;
    error?: string;
  }[];
  releases: { id: string; articles: number; published: boolean }[];
}

/**
 * GET /status. A service busy publishing a large site answers late; a keep-alive connection it
 * closes meanwhile fails the next request on it (fetch failed), which is asked again on a new one.
 */
export async function serviceStatus(
  serviceUrl: string,
  headers: Record<string, string>,
  attempts = 5,
): Promise<ServiceStatus> {
  let response: Response;
  try {
    response = await fetch(`${serviceUrl}/status`, { headers });
  } catch (error) {
    if (attempts <= 1) throw new Error(`GET /status failed: ${String((error as Error).cause ?? error)}`);
    await sleep(1000);
    return serviceStatus(serviceUrl, headers, attempts - 1);
  }
  if (!response.ok) throw new Error(`GET /status answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ServiceStatus;
}

/** Waits until the service has nothing running or queued; answers the status then. */
export async function waitForIdle(
  serviceUrl: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ServiceStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await serviceStatus(serviceUrl, headers);
    if (!now.current && !now.queued) return now;
    if (Date.now() > deadline) throw new Error(`The service was still building after ${timeoutMs / 1000} s.`);
    await sleep(1000);
  }
}

/** Where a bench serves the published site, and what it keeps of the server. */
export interface SiteServing {
  port: number;
  publishDir: string;
  logFile: string;
  /** Every child started goes here, for the bench to stop at the end. */
  children: ChildProcess[];
  /** True once the bench is stopping: a server that stops then is not started again. */
  finished: () => boolean;
  /** How each stop the bench did not ask for ended. */
  failures: string[];
}

/**
 * Serves the published site as `npm run serve` serves it (firebase.json's hosting rules), in a
 * process of its own: should the server stop while the release under it changes, the bench says so,
 * and it is started again on the same port.
 */
export async function serveSite(serving: SiteServing): Promise<void> {
  const site = await startScript(
    "scripts/serve.ts",
    { ...process.env, PORT: String(serving.port), PUBLIC_DIR: serving.publishDir },
    /at (http:\/\/[\d.]+:\d+)/,
    serving.logFile,
  );
  serving.children.push(site.child);
  site.child.once("exit", (code, signal) => {
    if (serving.finished()) return;
    const error = /^\w*Error: .*$/m.exec(site.tail())?.[0] ?? `exit ${code ?? signal}`;
    serving.failures.push(error);
    console.log(`  the site server stopped (${error}); starting it again`);
    serveSite(serving).catch((failure: unknown) =>
      console.log(`  the site server did not start again: ${String(failure)}`),
    );
  });
}
