// The timed builds that `npm run bench:build` compares: one `gatsby build` under /usr/bin/time, read
// into figures, and the series of builds one site goes through.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../root.ts";

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

/** What a command run under /usr/bin/time printed, how it ended, and what it took. */
export interface TimedRun {
  code: number | null;
  /** Standard output and error as they came, interleaved. */
  output: string;
  stdout: string;
  /** The last 8,000 characters of standard error; its last line is time's. */
  stderr: string;
  seconds: number;
  peakMb: number;
}

/**
 * Runs `command` under /usr/bin/time (elapsed seconds and the largest process's resident memory).
 * Asynchronous on purpose: the image servers live in this process and must keep answering.
 */
export function runTimed(command: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "%e %M", ...command], { cwd, env });
    const chunks: Buffer[] = [];
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const [seconds = NaN, kb = NaN] = (stderr.trim().split("\n").at(-1) ?? "").split(" ").map(Number);
      resolve({
        code,
        output: Buffer.concat(chunks).toString(),
        stdout: Buffer.concat(out).toString(),
        stderr,
        seconds,
        peakMb: kb / 1024,
      });
    });
  });
}

let logCounter = 0;

/** Runs `gatsby build --log-pages` in `dir` under /usr/bin/time. */
export async function timedBuild(
  dir: string,
  env: Record<string, string>,
  logs: string | undefined,
  label: string,
): Promise<BuildFigures> {
  const loadBefore = loadavg()[0]!;
  const run = await runTimed([path.join(PROJECT_ROOT, "node_modules/.bin/gatsby"), "build", "--log-pages"], dir, {
    ...process.env,
    GATSBY_TELEMETRY_DISABLED: "1",
    CI: "true",
    ...env,
  });
  if (logs) {
    logCounter += 1;
    writeFileSync(
      path.join(logs, `${String(logCounter).padStart(2, "0")}-${label.replace(/[^a-z0-9]+/gi, "-")}.log`),
      run.output,
    );
  }
  if (run.code !== 0) throw new Error(`gatsby build failed in ${dir}:\n${run.output.slice(-6000)}`);
  return {
    seconds: run.seconds,
    peakMb: run.peakMb,
    load: [loadBefore, loadavg()[0]!],
    ...readBuildOutput(run.output),
  };
}

/** The three builds of one site: cold, warm with nothing changed, warm after `change()`. */
export interface Series {
  cold: BuildFigures;
  warm: BuildFigures;
  changed: BuildFigures;
}

export async function series(
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

export const seconds = (value: number): string => `${value.toFixed(1)} s`;
export const ratio = (site: number, baseline: number): string => `${(site / baseline).toFixed(1)}×`;
export const preciseRatio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** Where scripts/generate-articles.ts writes: the emulator, the project, how many, and the covers' base URL. */
export interface GeneratedSite {
  emulatorHost: string;
  project: string;
  count: number;
  imageBase: string;
}

/**
 * Runs scripts/generate-articles.ts for `site` with `extra` options; returns what it printed, or
 * throws what it said.
 */
export function generateArticles(site: GeneratedSite, extra: string[] = []): string {
  const args = [
    ...["--emulator", site.emulatorHost, "--project", site.project],
    ...["--count", String(site.count), "--image-base", site.imageBase],
    ...extra,
  ];
  const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "generate-articles.ts"), ...args], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr || `generate-articles exited with ${run.status}`);
  return run.stdout;
}
