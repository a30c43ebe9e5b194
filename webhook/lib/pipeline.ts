// One build, from the workspace to a published release: copy the sources, run the build command,
// copy the output into a fresh release, check it, then swap PUBLISH_DIR to it and deploy.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logFileOf, type Build, type Log } from "./build-record.ts";
import { checkOutput, checkShrink } from "./check-output.ts";
import type { ServiceConfig } from "./config.ts";
import { sourcingRequest } from "./documents.ts";
import { PhaseError } from "./errors.ts";
import { keepLaneInputs, laneCodeRootOf, laneDirOf, layLaneFilesOver } from "./fast-lane.ts";
import { publishedTarget } from "./publish.ts";
import type { Release, Releases } from "./releases.ts";
import { runCommand } from "./run-command.ts";
import { snapshotTree, writeStates } from "./snapshot.ts";
import { removeArticleFiles, statesWithout, type TakedownLog } from "./takedown.ts";
import { childEnv, reportDirOf, syncWorkspace, wipeWorkspaceOutput } from "./workspace.ts";
import { REPORT_DIR_VARIABLE } from "@kindred/publishing";

const LOG_TAIL_CHARS = 4000;

/** What a build needs from the service around it. */
export interface PipelineContext {
  config: ServiceConfig;
  releases: Releases;
  workspace: string;
  logsDir: string;
  log: Log;
  /** Runs `task` so that publishing and rolling back never interleave. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
  /** Saves the queue, once the build's process group is known. */
  persist: () => void;
  /** Drops old releases and logs once a build is published. */
  prune: () => void;
  /** Compiles, in the background, the code a published build kept for the fast lane (a new version of it). */
  warmLane?: (lane: string, buildId: string) => void;
  /** Articles taken down while builds ran (takedown.ts); absent: none are. */
  takedowns?: TakedownLog;
}

/**
 * Runs DEPLOY_COMMAND (if any) for release `id`; resolves whether it exited with code 0. A fast-lane
 * release names the files it changed (`changed`, paths relative to RELEASE_DIR) in
 * RELEASE_CHANGED_FILES, one a line, so that a deploy may upload only those.
 */
export async function deployRelease(
  config: ServiceConfig,
  releases: Releases,
  id: string,
  output: (text: string) => void,
  changed?: readonly string[],
): Promise<boolean> {
  if (!config.deployCommand) return true;
  const run = runCommand(config.deployCommand, {
    cwd: config.projectDir,
    env: {
      ...childEnv(id),
      RELEASE_DIR: releases.siteDir(id),
      ...(changed ? { RELEASE_CHANGED_FILES: changed.join("\n") } : {}),
    },
    timeoutMs: config.buildTimeoutMs,
    onOutput: output,
  });
  const { code } = await run.done;
  return code === 0;
}

/**
 * Runs `build` to the end, recording its outcome on it (state, phase, error, times). Rejects only
 * on an unexpected fault before the build's own error handling (the log file unwritable, say).
 */
export async function runBuild(build: Build, context: PipelineContext): Promise<void> {
  const { config, releases, workspace, log } = context;
  const logFile = logFileOf(context.logsDir, build.id);
  let tail = "";
  const output = (text: string): void => {
    // The secret never reaches a log, even if a build step prints its environment.
    const clean = text.split(config.secret).join("[secret]");
    appendFileSync(logFile, clean);
    tail = (tail + clean).slice(-LOG_TAIL_CHARS);
  };
  const fail = (phase: string, error: string, detail?: string): void => {
    if (detail) output(`\n${detail}\n`);
    Object.assign(build, { state: "failed", phase, error, detail, logTail: tail });
    log(`Build ${build.id} failed in ${phase}: ${detail ?? error}`);
  };
  build.state = "building";
  build.lane = "full";
  build.startedAt = new Date().toISOString();
  const started = Date.now();
  log(`Build ${build.id} started (${build.triggers} trigger${build.triggers === 1 ? "" : "s"}, ${build.reason})`);
  output(`--- build ${build.id} started at ${build.startedAt} ---\n`);
  const release = releases.folder(build.id);
  try {
    syncWorkspace(workspace, config);
    const run = runCommand(config.buildCommand, {
      cwd: workspace,
      env: {
        ...childEnv(build.id),
        ...sourcingRequest(build.documents ?? [], output),
        [REPORT_DIR_VARIABLE]: reportDirOf(config.buildsDir),
      },
      timeoutMs: config.buildTimeoutMs,
      onOutput: output,
    });
    build.cancel = run.cancel;
    build.group = run.pid;
    context.persist();
    const result = await run.done;
    delete build.cancel;
    if (result.code !== 0) {
      // A failed or killed build may leave a half-written cache: the next build starts cold.
      wipeWorkspaceOutput(workspace);
      const why = result.cancelled
        ? "was cancelled"
        : result.timedOut
          ? `timed out after ${config.buildTimeoutMs} ms`
          : result.signal
            ? `was killed by ${result.signal}`
            : `exited with code ${result.code}`;
      fail("build", `The build command ${why}.`);
      return;
    }
    mkdirSync(release, { recursive: true });
    // The newest release shares every file this build left as it was (see snapshot.ts).
    const earlier = releases.newestSnapshot();
    const snapshot = snapshotTree(path.join(workspace, "public"), releases.siteDir(build.id), earlier);
    writeStates(release, snapshot.states);
    output(
      `\nRelease ${build.id}: ${snapshot.copied} files copied, ${snapshot.linked} shared with release ${earlier?.id ?? "(none)"}\n`,
    );
    const { problems, articles } = checkOutput(releases.siteDir(build.id));
    if (problems.length > 0) {
      releases.remove(build.id);
      output(`\nOutput check failed:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`);
      fail(
        "check",
        `The output check found ${problems.length} problem${problems.length === 1 ? "" : "s"}: ${problems.slice(0, 3).join("; ")}`,
      );
      return;
    }
    build.articles = articles;
    // What the fast lane re-renders pages of this release with (fast-lane.ts).
    const kept = await keepLaneInputs(workspace, release, config.projectDir, laneCodeRootOf(releases.dir));
    const keptText = `kept the renderer for the fast lane: ${kept.linked} files linked, page-ssr copied, in ${kept.ms} ms`;
    output(`\n${keptText}\n`);
    log(`Build ${build.id}: ${keptText}`);
    await context.exclusive(async () => {
      // Compared with what is published at the moment of publishing, not when the build started.
      const publishedId = releases.publishedId();
      const published = publishedId ? (releases.list().find((kept) => kept.id === publishedId) ?? null) : null;
      const shrink = build.allowShrink ? null : checkShrink(articles, published, { maxDrop: config.maxArticleDrop });
      if (shrink) {
        output(`\nNot published: ${shrink}\n`);
        throw new PhaseError(shrink, "shrink");
      }
      if (build.allowShrink) output(`\nPublishing ${articles} articles; the request allowed any drop.\n`);
      // Pages the fast lane published since this build read the data are newer than its own.
      const laid = layLaneFilesOver(releases, build.id, build.startedAt);
      if (laid.length > 0) output(`\nLaid over, from fast lanes newer than this build's data: ${laid.join(", ")}\n`);
      // Articles taken down since this build read the data must not come back with it.
      const late = context.takedowns?.slugsAfter(build.startedAt) ?? [];
      const removed = late.length > 0 ? removeArticleFiles(releases.siteDir(build.id), late) : [];
      if (removed.length > 0) output(`\nLeft out, taken down while this build ran: ${removed.join(", ")}\n`);
      if (laid.length + removed.length > 0) writeStates(release, statesWithout(snapshot.states, [...laid, ...removed]));
      const pagesRemoved = removed.filter((file) => file.startsWith("blogarticle/")).length;
      build.articles = articles - pagesRemoved;
      const previous = publishedTarget(config.publishDir);
      const record: Release = {
        id: build.id,
        reason: build.reason,
        triggeredAt: build.triggeredAt,
        startedAt: build.startedAt,
        finishedAt: new Date().toISOString(),
        articles: articles - pagesRemoved,
        lane: "full",
      };
      writeFileSync(path.join(release, "build.json"), JSON.stringify(record, null, 2));
      releases.publish(build.id);
      if (!(await deployRelease(config, releases, build.id, output))) {
        releases.restore(previous);
        throw new PhaseError("The deploy command failed; the previous release stays published.", "deploy");
      }
    });
    build.state = "published";
    context.prune();
    log(`Build ${build.id} published (${articles} articles)`);
    if (kept.newCode) context.warmLane?.(laneDirOf(release), build.id);
  } catch (error) {
    releases.remove(build.id);
    if (error instanceof PhaseError) {
      fail(error.phase, error.message);
    } else {
      // A file system error names paths: its message goes to the log and the full status only.
      const code = (error as NodeJS.ErrnoException).code;
      fail(
        "publish",
        `Publishing failed${code ? ` (${code})` : ""}; the previous release stays published.`,
        String((error as Error).message ?? error),
      );
    }
  } finally {
    build.finishedAt = new Date().toISOString();
    build.durationMs = Date.now() - started;
  }
}
