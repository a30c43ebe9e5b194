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

let logCounter = 0;

/** Runs `gatsby build --log-pages` in `dir` under /usr/bin/time. */
export function timedBuild(
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

/** Runs scripts/generate-articles.ts with `args`; returns what it printed, or throws what it said. */
export function generateArticles(args: string[]): string {
  const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "generate-articles.ts"), ...args], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr || `generate-articles exited with ${run.status}`);
  return run.stdout;
}
