import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite, gatsbyEnv } from "./site-build";
import { firstDifference, run } from "../../scripts/fast-lane-check.ts";
import { LANE_FILES_DIR } from "../../scripts/fast-lane-article.ts";
import { pagesShowing, readCardIndex, type CardIndex } from "../../src/node/fast-lane/card-index";
import { readRanking } from "../../src/node/fast-lane/ranking";

// What the fast lane's integration tests share: running the lane's command on a built site and
// laying what it made over the site, as the service's release does, and comparing the lanes' files
// with the next full build's.

const LANE = path.resolve(__dirname, "../../scripts/fast-lane-article.ts");

/** Every file under `dir`, by path relative to it. */
export function treeOf(dir: string): Map<string, Buffer> {
  const tree = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    tree.set(path.relative(dir, full), readFileSync(full));
  }
  return tree;
}

export interface Lane {
  code: number;
  report: { rendered?: boolean; reason?: string; files?: string[]; laneFiles?: string[]; timings?: object };
  out: string;
}

/**
 * Runs the command for one article on the site built in `site` (two renderers from two pages on),
 * and lays what it made over the site: its files replace the site's (never written into, as a
 * release's are), its ranking and card index go to the site folder. `scratch` collects the folder
 * it wrote into, for the caller to remove.
 */
export async function laneOver(site: string, document: string, scratch: string[]): Promise<Lane> {
  const out = await mkdtemp(path.join(tmpdir(), "fast-lane-out-"));
  scratch.push(out);
  const lane = await run(process.execPath, [LANE, "--site", site, "--out", out, "--document", document], site, {
    ...gatsbyEnv({}),
    FAST_LANE_PARALLEL_FROM: "2",
  });
  const line = lane.stdout.trim().split("\n").pop() ?? "";
  if (!line.startsWith("{"))
    throw new Error(`the fast lane printed no report (${lane.code}):\n${lane.stdout}${lane.stderr}`);
  const report = JSON.parse(line) as Lane["report"];
  if (lane.code === 0) {
    for (const file of report.files!) {
      mkdirSync(path.dirname(path.join(site, "public", file)), { recursive: true });
      rmSync(path.join(site, "public", file), { force: true });
      cpSync(path.join(out, file), path.join(site, "public", file));
    }
    for (const file of report.laneFiles!) cpSync(path.join(out, LANE_FILES_DIR, file), path.join(site, file));
  }
  return { code: lane.code, report, out };
}

/**
 * How the lanes' files differ from the next build's: each file a lane wrote that the build wrote
 * otherwise (with the first difference), and each file the build changed that no lane wrote.
 */
export function differencesFromBuild(
  before: Map<string, Buffer>,
  lanes: Map<string, Buffer>,
  built: Map<string, Buffer>,
  written: ReadonlySet<string>,
): { differences: string[][]; missed: string[] } {
  const differences = [...written].flatMap((file) => {
    const difference = firstDifference(lanes.get(file)!, built.get(file) ?? Buffer.alloc(0));
    return difference ? [[file, difference]] : [];
  });
  const missed = [...built]
    .filter(([file, bytes]) => !before.get(file)?.equals(bytes) && !written.has(file))
    .map(([file]) => file);
  return { differences, missed };
}

/** The pages a card index says show each article's card, sorted, to compare two indexes. */
export const showing = (index: CardIndex): Record<string, string[]> =>
  Object.fromEntries(
    Object.keys(index.shownOn)
      .sort()
      .map((id) => [id, pagesShowing(index, id).sort()]),
  );

/**
 * Builds the site in `site` again, from the last build's own public/ (kept in `kept`: the build
 * must write every file itself, not find the lanes' ones in place), and answers how the files the
 * lanes wrote (`written`, laid over the site since `before`) compare with it, and the ranking and
 * card index the lanes left with the build's.
 */
export async function nextBuildAgainstLanes(
  site: string,
  kept: string,
  before: Map<string, Buffer>,
  written: ReadonlySet<string>,
) {
  const publicDir = path.join(site, "public");
  const laneRanking = await readRanking(site);
  const laneIndex = await readCardIndex(site);
  const lanes = treeOf(publicDir);
  rmSync(publicDir, { recursive: true });
  cpSync(kept, publicDir, { recursive: true });
  const next = await buildSite({}, { dir: site });
  const built = treeOf(publicDir);
  return {
    files: {
      exitCode: next.exitCode,
      ...differencesFromBuild(before, lanes, built, written),
      removed: [...before.keys()].filter((file) => !built.has(file)),
    },
    rankings: { lanes: laneRanking?.articles, build: (await readRanking(site))?.articles },
    cards: { lanes: laneIndex && showing(laneIndex), build: showing((await readCardIndex(site))!) },
  };
}
