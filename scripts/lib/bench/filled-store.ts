// `npm run bench:build -- --filled-store`: fill an image store, then time a cold build and a build
// after a change to src/node/ for articles on their own covers and on shared covers, next to the
// text-only site's cold build.
import { spawnSync } from "node:child_process";
import { appendFileSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { startEmulator } from "../../emulator.ts";
import { startImageServer } from "../image-server.ts";
import { copySiteProject } from "../project-files.ts";
import { PROJECT_ROOT } from "../root.ts";
import { writeBaselineSite } from "./baseline-site.ts";
import {
  type BuildFigures,
  type GeneratedSite,
  generateArticles,
  preciseRatio,
  runTimed,
  seconds,
  timedBuild,
} from "./builds.ts";

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
    path.join(dir, "src", "node", "create-pages.ts"),
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

/** Runs `npm run images:fill` for a site configuration and returns its JSON summary and peak memory. */
async function fillStore(env: Record<string, string>, logs: string | undefined, label: string): Promise<FillFigures> {
  const run = await runTimed(
    [process.execPath, path.join(PROJECT_ROOT, "scripts", "images-fill.ts"), "--json"],
    PROJECT_ROOT,
    {
      ...process.env,
      ...env,
    },
  );
  if (logs)
    writeFileSync(path.join(logs, `fill-${label.replace(/[^a-z0-9]+/gi, "-")}.log`), `${run.stdout}\n${run.stderr}`);
  if (run.code !== 0) throw new Error(`images:fill failed:\n${run.stderr.slice(-4000)}`);
  const summary = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Omit<FillFigures, "peakMb">;
  return { ...summary, peakMb: run.peakMb };
}

export async function benchFilledStore(count: number, logs: string | undefined): Promise<void> {
  const coversDir = mkdtempSync(path.join(tmpdir(), "bench-covers-"));
  const store = mkdtempSync(path.join(tmpdir(), "bench-image-store-"));
  const unique = await startImageServer({ dir: coversDir });
  const shared = await startImageServer({ dir: path.join(PROJECT_ROOT, "content/blog/images") });
  const emulator = await startEmulator();
  const dirs: string[] = [];
  try {
    const generated = (project: string, images: { url: string }): GeneratedSite => ({
      emulatorHost: emulator.host,
      project,
      count,
      imageBase: `${images.url}/`,
    });
    generateArticles(generated("bench-unique", unique), ["--unique-covers", "--covers-dir", coversDir]);
    generateArticles(generated("bench-shared", shared));
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
