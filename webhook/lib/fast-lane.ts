// The fast lane's side in the service: what it keeps of each full build, and how it runs the site's
// own renderer (scripts/fast-lane-article.ts) on the published release.
//
// Why a folder per release (`releases/<id>/lane/`) rather than rendering in the workspace: the
// renderer must read everything from the build that made the live release (Gatsby's page-ssr
// bundle, webpack stats, slices, static-query results, the previous page data, the image store and
// the site code), and the workspace is rewritten by whichever full build runs next, possibly while
// a fast lane renders. So each full build leaves beside its release a small site folder:
// - the site code it was built with, as links to that version's folder under lane-code/ (below);
// - `.cache/page-ssr/`, copied: webpack may rewrite its bundles in place, which would reach through a
//   hard link; `.cache/fast-lane/` (which pages show each article's card), copied for the same reason;
// - `.image-store/`, hard-linked: the store writes every file under a temporary name and renames it;
// - `public` -> `../site`, the release's own files, never written after the release is made;
// - `node_modules` and `content` as symlinks to the project's: dependencies are not part of a
//   build's output, and the sample content must be read as it is now (Firestore is read live).
// Measured on the sample content (25 articles): 356 links and 7 MB copied, 20-80 ms per build.
// A fast-lane release links its base's lane folder whole: its `public` symlink is relative, so it
// names the new release's own files.
//
// Why the code lives in a folder per version (`lane-code/<codeDigest>/`, hard-linked from the
// workspace once: a sync replaces those files, it never writes into them, so a link keeps the built
// version) rather than in each lane folder: the command loads the site's TypeScript with jiti, whose
// cache names each compiled file by its path. Code at a new path in every release was compiled
// afresh by every lane, 74 files in 1.4 s of the 2.0 s its loading took (0.6 s from the cache).
// Every release built from one version of the code names the same folder, so it is compiled once.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { Releases } from "./releases.ts";
import { runCommand, type CommandResult, type RunningCommand } from "./run-command.ts";
import { linkTreeExcept } from "./takedown.ts";

/** The project's files a renderer needs: the site's code and the lane's command. */
export const LANE_CODE = [
  "package.json",
  "tsconfig.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "src",
  "plugins",
  "packages",
  "scripts",
  "static",
] as const;

/** The command, relative to a lane folder. */
export const LANE_COMMAND = path.join("scripts", "fast-lane-article.ts");
/** The command that compiles the code the lane loads, ahead of its first lane (scripts/fast-lane-warm.ts). */
export const WARM_COMMAND = path.join("scripts", "fast-lane-warm.ts");
/** How long the compiling ahead may take before it is stopped (the first lane then compiles what is left). */
const WARM_TIMEOUT_MS = 120_000;

/**
 * Where under its --out the command writes the lane folder's own files it changed (a move's ranking
 * and card index), at their paths in the lane folder (scripts/fast-lane-article.ts's LANE_FILES_DIR).
 */
export const LANE_FILES_DIR = ".lane";

/** Exit status of the command when it leaves an article to the full build (scripts/fast-lane-article.ts). */
export const LEFT_TO_FULL_BUILD = 3;

export const laneDirOf = (releaseDir: string): string => path.join(releaseDir, "lane");

const LANE_RECORD = "lane.json";

interface LaneRecord {
  /** The digest of LANE_CODE the release was built with. */
  code: string;
}

/** A digest of the site's code in `root` (LANE_CODE), to tell whether the project changed since a build. */
export function codeDigest(root: string): string {
  const hash = createHash("sha256");
  const walk = (relative: string): void => {
    const full = path.join(root, relative);
    const info = lstatSync(full, { throwIfNoEntry: false });
    if (info?.isDirectory()) {
      for (const name of readdirSync(full).sort()) if (name !== "node_modules") walk(path.join(relative, name));
    } else if (info?.isFile()) {
      hash.update(relative).update("\0").update(readFileSync(full)).update("\0");
    }
  };
  for (const entry of LANE_CODE) walk(entry);
  return hash.digest("hex");
}

export interface KeptLane {
  linked: number;
  ms: number;
  /** Whether this build's code was a version not kept before: its first lane would compile it. */
  newCode: boolean;
}

/** Where the versions of the site's code kept for the lane live, beside the releases' folder. */
export const laneCodeRootOf = (releasesDir: string): string => path.join(path.dirname(releasesDir), "lane-code");

/** Digests whose code folder a keepLaneInputs is making or pointing at: pruneLaneCode leaves them. */
const keeping = new Map<string, number>();

/**
 * Keeps what the fast lane needs of the full build that just ran in `workspace`, beside its release;
 * the code in `codeRoot`, once per version.
 */
export async function keepLaneInputs(
  workspace: string,
  releaseDir: string,
  projectDir: string,
  codeRoot: string,
): Promise<KeptLane> {
  const started = Date.now();
  const lane = laneDirOf(releaseDir);
  mkdirSync(lane, { recursive: true });
  const code = codeDigest(workspace);
  keeping.set(code, (keeping.get(code) ?? 0) + 1);
  try {
    const codeDir = path.join(codeRoot, code);
    const newCode = !existsSync(codeDir);
    let linked = newCode ? await keepCode(workspace, codeDir, projectDir) : 0;
    for (const entry of LANE_CODE)
      if (existsSync(path.join(codeDir, entry))) symlinkSync(path.join(codeDir, entry), path.join(lane, entry));
    const ssr = path.join(workspace, ".cache", "page-ssr");
    // Without the source maps (9 of its 16 MB): rendering never reads them.
    if (existsSync(ssr))
      cpSync(ssr, path.join(lane, ".cache", "page-ssr"), { recursive: true, filter: (file) => !file.endsWith(".map") });
    // The index of which pages show each card (src/node/fast-lane/card-index.ts), copied: the next
    // build writes it again in place.
    const cards = path.join(workspace, ".cache", "fast-lane");
    if (existsSync(cards)) cpSync(cards, path.join(lane, ".cache", "fast-lane"), { recursive: true });
    const store = path.join(workspace, ".image-store");
    if (existsSync(store)) linked += await linkTreeExcept(store, path.join(lane, ".image-store"), []);
    symlinkSync("../site", path.join(lane, "public"), "dir");
    linkShared(projectDir, lane);
    const record: LaneRecord = { code };
    writeFileSync(path.join(lane, LANE_RECORD), JSON.stringify(record));
    return { linked, ms: Date.now() - started, newCode };
  } finally {
    const left = keeping.get(code)! - 1;
    if (left === 0) keeping.delete(code);
    else keeping.set(code, left);
  }
}

/** `node_modules` and `content`, as links to the project's. */
function linkShared(projectDir: string, dir: string): void {
  for (const shared of ["node_modules", "content"]) {
    if (existsSync(path.join(projectDir, shared)))
      symlinkSync(path.join(projectDir, shared), path.join(dir, shared), "dir");
  }
}

/**
 * Hard-links the code of `workspace` into `codeDir`, whole or not at all (made aside, then renamed).
 * The command loads it from there (its real path), so it gets the project's dependencies and sample
 * content beside it as the lane folder does.
 */
async function keepCode(workspace: string, codeDir: string, projectDir: string): Promise<number> {
  const making = `${codeDir}.${process.pid}.${Date.now()}.making`;
  mkdirSync(making, { recursive: true });
  try {
    let linked = 0;
    for (const entry of LANE_CODE) {
      const from = path.join(workspace, entry);
      if (existsSync(from)) linked += await linkEntry(from, path.join(making, entry));
    }
    linkShared(projectDir, making);
    renameSync(making, codeDir);
    return linked;
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}

/**
 * Removes the kept versions of the code that no release's lane folder names any more (after
 * Releases.prune), and any left half made.
 */
export function pruneLaneCode(releases: Releases): string[] {
  const codeRoot = laneCodeRootOf(releases.dir);
  if (!existsSync(codeRoot)) return [];
  const named = new Set(keeping.keys());
  for (const id of readdirSync(releases.dir)) {
    // A release that keeps no renderer names no code.
    const code = laneRecordOf(releases.folder(id))?.code;
    if (code) named.add(code);
  }
  const removed: string[] = [];
  for (const name of readdirSync(codeRoot)) {
    const making = name.endsWith(".making") && keeping.has(name.split(".")[0]!);
    if (named.has(name) || making) continue;
    rmSync(path.join(codeRoot, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Hard-links a file, or a tree of them, at `to`. */
async function linkEntry(from: string, to: string): Promise<number> {
  if (statSync(from).isDirectory()) return linkTreeExcept(from, to, []);
  linkSync(from, to);
  return 1;
}

/** The record a full build left in a release's lane folder, or undefined when it left none. */
function laneRecordOf(releaseDir: string): LaneRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(laneDirOf(releaseDir), LANE_RECORD), "utf8")) as LaneRecord;
  } catch {
    return undefined;
  }
}

/** Whether a release keeps a renderer: its lane folder, with the command. */
export const keepsRenderer = (releaseDir: string): boolean =>
  existsSync(path.join(laneDirOf(releaseDir), LANE_RECORD)) &&
  existsSync(path.join(laneDirOf(releaseDir), LANE_COMMAND));

/** Why the lane folder of a release cannot serve a fast lane for the project as it is now, or null. */
export function laneProblem(releaseDir: string, projectDir: string): string | null {
  const record = laneRecordOf(releaseDir);
  if (!record) return "the live release keeps no renderer (it predates the fast lane)";
  if (record.code !== codeDigest(projectDir)) return "the site's code changed since the live release was built";
  return null;
}

const quote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * Runs one of a lane folder's scripts there; `done` gives how it ended and its report, the last line
 * of its standard output that starts with "{" (read from stdout alone: stderr's text may arrive
 * between two of its chunks), or {} when there is none that parses.
 */
function runLaneScript(
  lane: string,
  script: string,
  args: string[],
  { env, timeoutMs, onOutput }: { env: NodeJS.ProcessEnv; timeoutMs: number; onOutput: (text: string) => void },
): { run: RunningCommand; done: Promise<{ result: CommandResult; report: Record<string, unknown> }> } {
  let stdout = "";
  const run = runCommand([process.execPath, path.join(lane, script), ...args].map(quote).join(" "), {
    cwd: lane,
    env,
    timeoutMs,
    onStdout: (text) => {
      stdout += text;
    },
    onOutput,
  });
  const done = run.done.then((result) => {
    const line = stdout
      .split("\n")
      .reverse()
      .find((text) => text.startsWith("{"));
    try {
      return { result, report: line ? (JSON.parse(line) as Record<string, unknown>) : {} };
    } catch {
      return { result, report: {} };
    }
  });
  return { run, done };
}

/** How a script that did not do its work ended, for a log line. */
const howItEnded = (result: CommandResult): string =>
  result.cancelled
    ? "was stopped"
    : result.timedOut
      ? "timed out"
      : result.signal
        ? `was killed by ${result.signal}`
        : `exited ${result.code}`;

/**
 * Compiles into jiti's cache the code a lane folder's command loads, in the background, so that the
 * first lane on a new version of the code does not compile it while an editor waits; `done` says
 * how it went, for the log. Nothing depends on it: a lane that starts meanwhile compiles what it
 * needs itself (jiti writes each file whole, and checks what it reads).
 */
export function warmLaneCode(lane: string, env: NodeJS.ProcessEnv): { run: RunningCommand; done: Promise<string> } {
  const { run, done } = runLaneScript(lane, WARM_COMMAND, ["--site", lane], {
    env,
    timeoutMs: WARM_TIMEOUT_MS,
    onOutput: () => undefined,
  });
  return {
    run,
    done: done.then(({ result, report }) =>
      result.code === 0 && typeof report.compiled === "number" && typeof report.ms === "number"
        ? `compiled the fast lane's code ahead: ${report.compiled} modules in ${report.ms} ms`
        : `compiling the fast lane's code ahead ${howItEnded(result)}; its first lane compiles it`,
    ),
  };
}

/** What one run of the command answered. */
export type ArticleLane =
  | { rendered: true; pagePath: string; files: string[]; laneFiles: string[] }
  | { rendered: false; reason: string }
  | { failed: true; reason: string };

/** Runs the command for `document` on the lane folder of a release, writing its files under `out`. */
export async function renderOne(
  lane: string,
  document: string,
  out: string,
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; onOutput: (text: string) => void },
): Promise<ArticleLane> {
  const { result, report } = await runLaneScript(
    lane,
    LANE_COMMAND,
    ["--site", lane, "--out", out, "--document", document],
    options,
  ).done;
  if (result.code === LEFT_TO_FULL_BUILD && typeof report.reason === "string")
    return { rendered: false, reason: report.reason };
  if (result.code === 0 && report.rendered === true && Array.isArray(report.files))
    return {
      rendered: true,
      pagePath: String(report.pagePath),
      files: report.files.map(String),
      laneFiles: Array.isArray(report.laneFiles) ? report.laneFiles.map(String) : [],
    };
  return { failed: true, reason: `the fast-lane command ${howItEnded(result)}` };
}

/**
 * Lays over the release `targetId` (a full build's, about to be published) the files of every fast
 * lane that read its documents after `readAt`, when that build read its data: a build already
 * running when an editor's change went through the fast lane holds the older text, and publishing it
 * as it is would take the change off the site until the next build. Oldest lane first, so the newest
 * text wins. Each file is replaced, never written into: a release's files are shared by hard links.
 * Answers the files laid over.
 */
export function layLaneFilesOver(releases: Releases, targetId: string, readAt: string | undefined): string[] {
  if (!readAt) return [];
  const lanes = releases
    .list()
    .filter((release) => release.lane === "fast" && release.files && release.renderedAt && release.renderedAt > readAt)
    .sort((a, b) => (a.renderedAt! < b.renderedAt! ? -1 : 1));
  const from = new Map<string, string>();
  for (const lane of lanes) for (const file of lane.files!) from.set(file, lane.id);
  const site = releases.siteDir(targetId);
  const laid: string[] = [];
  for (const [file, laneId] of from) {
    const source = path.join(releases.siteDir(laneId), file);
    if (!existsSync(source)) continue;
    const target = path.join(site, file);
    rmSync(target, { force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
    laid.push(file);
  }
  return laid;
}
