// One fast lane: re-renders the articles a trigger named with the live release's own renderer
// (fast-lane.ts), and publishes a release that is the live one, every file hard-linked, with those
// few files replaced. The replaced files are written as new files in the new release: a linked file
// is shared with older releases and must never be written in place. The new release is complete
// before the symlink swap, so a fast lane that fails or is killed leaves the live release as it was.
// The command refuses what it cannot make (a slug, a cover, categories, a new article...), and the
// full build that always follows does the rest.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logFileOf, type Build, type Log } from "./build-record.ts";
import type { ServiceConfig } from "./config.ts";
import { LANE_FILES_DIR, laneDirOf, laneProblem, renderOne } from "./fast-lane.ts";
import { deployRelease } from "./pipeline.ts";
import { publishedTarget } from "./publish.ts";
import { readAt, type Release, type Releases } from "./releases.ts";
import { readStates, writeStates } from "./snapshot.ts";
import type { SpareRelease } from "./spare-release.ts";
import { statesWithout } from "./takedown.ts";
import { childEnv } from "./workspace.ts";
import { PhaseError } from "./errors.ts";

/** The longest one article's render may take; it takes 1-3 s. */
const ARTICLE_TIMEOUT_MS = 120_000;
const ARTICLES_FILE = "articles.json";

export interface LaneContext {
  config: ServiceConfig;
  releases: Releases;
  /** Makes the lane's release from the live one: its spare, linked ahead, or linked then. */
  spare: SpareRelease;
  logsDir: string;
  log: Log;
  /** Runs `task` so that publishing and rolling back never interleave. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
}

/** What became of a fast lane. */
export type LaneOutcome =
  | { outcome: "published"; live: { id: string; slug: string }[]; files: string[] }
  | { outcome: "left"; reason: string }
  | { outcome: "failed"; reason: string };

/** The folder under BUILDS_DIR where each lane's command writes its files (one folder per lane). */
export const LANE_SCRATCH = "fast-lane";

/**
 * Puts a file the command wrote into the lane's release: renamed, as the command's folder is beside
 * the releases and removed after the lane (a move's 5,000 to 6,300 files at 10,000 articles took
 * 0.7 to 1.0 s to copy); copied when it is on another file system.
 */
function moveInto(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(from, to);
  }
}

/** An article's slug from its page's path (`/blogarticle/<slug>`). */
const slugOf = (pagePath: string): string => pagePath.split("/").filter(Boolean).pop() ?? "";

/**
 * Runs the fast lane for `lane.documents`, recording its state and times on `lane`. Never rejects:
 * a fault is a failed lane, and the full build behind it publishes the change anyway.
 */
export async function runFastLane(lane: Build, context: LaneContext): Promise<LaneOutcome> {
  const { config, releases, log } = context;
  const started = Date.now();
  const logFile = logFileOf(context.logsDir, lane.id);
  const output = (text: string): void => appendFileSync(logFile, text.split(config.secret).join("[secret]"));
  Object.assign(lane, { state: "building", lane: "fast", startedAt: new Date().toISOString() });
  const documents = lane.documents ?? [];
  const out = path.join(config.buildsDir, LANE_SCRATCH, lane.id);
  /** The lane's release, once its folder is begun: removed when the lane fails. */
  let made: string | null = null;
  const end = (outcome: LaneOutcome): LaneOutcome => {
    lane.finishedAt = new Date().toISOString();
    lane.durationMs = Date.now() - started;
    if (outcome.outcome === "published") {
      lane.state = "published";
    } else {
      Object.assign(lane, { state: "failed", phase: outcome.outcome === "left" ? "fast-lane" : "internal" });
      lane.error = `Fast lane: ${outcome.reason}`;
      log(`fast lane: left to the full build: ${outcome.reason}`);
    }
    return outcome;
  };
  try {
    output(`--- fast lane ${lane.id} started at ${lane.startedAt} for ${documents.join(", ")} ---\n`);
    const baseId = releases.publishedId();
    const base = releases.list().find((release) => release.id === baseId);
    if (!baseId || !base) return end({ outcome: "left", reason: "nothing is published yet" });
    const problem = laneProblem(releases.folder(baseId), config.projectDir);
    if (problem) return end({ outcome: "left", reason: problem });
    const renderer = laneDirOf(releases.folder(baseId));
    const live: { id: string; slug: string }[] = [];
    const files: string[] = [];
    const named = new Set<string>();
    const laneFiles: string[] = [];
    for (const document of documents) {
      const result = await renderOne(renderer, document, out, {
        env: childEnv(lane.id),
        timeoutMs: Math.min(ARTICLE_TIMEOUT_MS, config.buildTimeoutMs),
        onOutput: output,
      });
      if ("failed" in result) return end({ outcome: "failed", reason: `${document}: ${result.reason}` });
      if (!result.rendered) return end({ outcome: "left", reason: `${document}: ${result.reason}` });
      // Each article's files are made from the live release alone, and a move redraws thousands of
      // pages another article's edit may reach too: a move goes through a lane of its own.
      if (result.laneFiles.length > 0 && documents.length > 1)
        return end({
          outcome: "left",
          reason: `${document}: it moves to the top, which the fast lane does only for one article at a time`,
        });
      live.push({ id: document, slug: slugOf(result.pagePath) });
      // Once each: two articles' commands both write the feed (the last one's is in the folder).
      for (const file of result.files) {
        if (named.has(file)) continue;
        named.add(file);
        files.push(file);
      }
      laneFiles.push(...result.laneFiles);
    }
    const rendered = Date.now();
    return await context.exclusive(async () => {
      const held = Date.now();
      // Another release went live meanwhile (a full build, a take-down, a rollback): what was
      // rendered may not fit it, and may bring back what it removed.
      if (releases.publishedId() !== baseId)
        return end({ outcome: "left", reason: "the live release changed while the fast lane ran" });
      const id = lane.id;
      made = id;
      const site = releases.siteDir(id);
      const folder = releases.folder(id);
      // The base keeps a renderer (laneProblem said so), so its lane folder comes too: a second edit
      // renders from this release. A lane that fails after taking the spare begins another.
      return await context.spare.makeRelease(baseId, folder, files, async ({ linked, spare }) => {
        const taken = Date.now();
        for (const dir of new Set(files.map((file) => path.dirname(path.join(site, file)))))
          mkdirSync(dir, { recursive: true });
        for (const file of files) moveInto(path.join(out, file), path.join(site, file));
        // A move's ranking and card index, for the next lane from this release: replaced, as the
        // lane folder's files are links shared with the base's.
        for (const file of laneFiles) {
          const target = path.join(laneDirOf(folder), file);
          rmSync(target, { force: true });
          mkdirSync(path.dirname(target), { recursive: true });
          moveInto(path.join(out, LANE_FILES_DIR, file), target);
        }
        const states = readStates(releases.folder(baseId));
        // The next full build shares with this release every file but those the lane wrote.
        if (states) writeStates(folder, statesWithout(states, files));
        if (existsSync(path.join(releases.folder(baseId), ARTICLES_FILE)))
          copyFileSync(path.join(releases.folder(baseId), ARTICLES_FILE), path.join(folder, ARTICLES_FILE));
        const record: Release = {
          id,
          reason: lane.reason,
          triggeredAt: lane.triggeredAt,
          // Its pages are those of the release it was made from, read then: a take-down after that
          // time is left out of it if it is ever rolled back to (takedown.ts).
          startedAt: readAt(base),
          finishedAt: new Date().toISOString(),
          articles: base.articles,
          lane: "fast",
          documents: [...documents],
          base: baseId,
          files,
          renderedAt: lane.startedAt,
        };
        writeFileSync(path.join(folder, "build.json"), JSON.stringify(record, null, 2));
        const written = Date.now();
        const previous = publishedTarget(config.publishDir);
        releases.publish(id);
        if (!(await deployRelease(config, releases, id, output, files))) {
          releases.restore(previous);
          throw new PhaseError("The deploy command failed; the previous release stays published.", "deploy");
        }
        lane.articles = base.articles;
        // Where the time went, for the log: rendering (the command), waiting to publish, the spare
        // taken (or the release linked), the lane's files written, published and deployed.
        output(
          `Times: render ${rendered - started} ms, wait ${held - rendered} ms, release ${taken - held} ms, ` +
            `files ${written - taken} ms, publish ${Date.now() - written} ms\n`,
        );
        output(
          `Release ${id}: ${files.join(", ")} rendered, ${linked} files shared with release ${baseId}` +
            `${spare ? " (its spare, linked ahead)" : ""}\n`,
        );
        log(`Fast lane ${id} published ${live.map(({ slug }) => slug).join(", ")} in ${Date.now() - started} ms`);
        return end({ outcome: "published", live, files });
      });
    });
  } catch (error) {
    if (made) releases.remove(made);
    output(`\n${String((error as Error).message ?? error)}\n`);
    return end({ outcome: "failed", reason: (error as Error).message ?? String(error) });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
