// The build queue and pipeline. One build runs at a time; triggers that arrive meanwhile join a
// single follow-up build. Each build copies the project into a workspace, runs the build command,
// copies the output into a fresh release directory, checks it, then swaps PUBLISH_DIR to it.
import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { signalGroup } from "../../scripts/lib/processes.ts";
import { NOT_COPIED } from "../../scripts/lib/project-files.ts";
import { checkOutput, checkShrink } from "./check-output.ts";
import type { ServiceConfig } from "./config.ts";
import { sourcingRequest } from "./documents.ts";
import { publishedTarget, swapSymlink, writeFileAtomic } from "./publish.ts";
import { runCommand } from "./run-command.ts";
import { readStates, snapshotTree, writeStates, type FileStates } from "./snapshot.ts";

const LOG_TAIL_CHARS = 4000;
const HISTORY_LENGTH = 20;

export type BuildState = "queued" | "running" | "succeeded" | "failed";

export interface Build {
  id: string;
  state: BuildState;
  reason: string;
  triggers: number;
  triggeredAt: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
  phase?: string;
  error?: string;
  logTail?: string;
  articles?: number;
  /** A request asked to publish even if the site loses most of its articles. */
  allowShrink?: boolean;
  /** The blogMetaData documents the triggers named, for the build to read even if their lastUpdate did not move. */
  documents?: string[];
  /** The process group of the running build command. */
  group?: number;
  /** The raw message of an unexpected error; it may name files, so only the secret's holder sees it. */
  detail?: string;
  cancel?: () => void;
}

/** What BUILDS_DIR/queue.json keeps of an accepted build that has not finished. */
interface PendingBuild {
  id: string;
  reason: string;
  triggers: number;
  triggeredAt: string;
  allowShrink?: boolean;
  documents?: string[];
  group?: number;
}

interface QueueFile {
  current: PendingBuild | null;
  queued: PendingBuild | null;
}

/**
 * What /status shows of a build. Anyone may see the states and times, and the error, which the
 * service words itself and keeps free of paths; the log tail, the log file and the raw detail of
 * an unexpected error only go to a request with the secret.
 */
export interface BuildView {
  id: string;
  state: BuildState;
  reason: string;
  triggers: number;
  triggeredAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  phase?: string;
  error?: string;
  logTail?: string;
  logFile?: string;
  detail?: string;
}

/** What build.json in a release records. */
export interface Release {
  id: string;
  reason: string;
  triggeredAt: string;
  finishedAt: string;
  articles: number;
}

export interface ServiceStatus {
  published: string | null;
  /** Only with the secret: where the service keeps things. */
  paths?: { publishDir: string; publishedTarget: string | null; projectDir: string; buildsDir: string; queueFile: string };
  current: BuildView | null;
  queued: BuildView | null;
  builds: BuildView[];
  releases: { id: string; finishedAt: string; articles: number; published: boolean }[];
}

/** An error that carries the HTTP status it should be answered with. */
export class HttpError extends Error {
  statusCode: number;
  constructor(message: string, statusCode: number) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** A failure in a named phase of a build (the deploy, say). */
class PhaseError extends Error {
  phase: string;
  constructor(message: string, phase: string) {
    super(message);
    this.phase = phase;
  }
}

export type Log = (message: string) => void;

// Sortable by time (to the millisecond), unique by the random tail.
const newId = (): string => `${new Date().toISOString().replace(/[-:.]/g, "")}-${randomBytes(3).toString("hex")}`;

const pending = (build: Build | null): PendingBuild | null =>
  build && {
    id: build.id,
    reason: build.reason,
    triggers: build.triggers,
    triggeredAt: build.triggeredAt,
    allowShrink: build.allowShrink,
    documents: build.documents,
    group: build.group,
  };

const revive = (saved: PendingBuild): Build => ({
  id: saved.id,
  state: "queued",
  reason: saved.reason,
  triggers: saved.triggers,
  triggeredAt: saved.triggeredAt,
  allowShrink: saved.allowShrink === true,
  documents: Array.isArray(saved.documents) ? saved.documents.filter((id) => typeof id === "string") : [],
});

/**
 * Processes of process group `group` working inside `dir`: what is left of a build command whose
 * service was killed. Reads /proc (Linux); elsewhere it finds nothing. Checking the working folder
 * as well as the group keeps a recycled group id from ever pointing at someone else's processes.
 */
function groupMembersIn(group: number, dir: string): number[] {
  if (!existsSync("/proc")) return [];
  const members: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After "pid (command) ": state, parent pid, process group, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group || fields[0] === "Z") continue;
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd === dir || cwd.startsWith(dir + path.sep)) members.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to look at
    }
  }
  return members;
}

// Puts PUBLISH_DIR back as it was: at the previous release, or absent before the first publish.
const restore = (publishDir: string, previous: string | null): void =>
  previous ? swapSymlink(publishDir, previous) : rmSync(publishDir, { force: true });

function publicView(build: Build): BuildView;
function publicView(build: Build | null): BuildView | null;
function publicView(build: Build | null): BuildView | null {
  if (!build) return null;
  return {
    id: build.id,
    state: build.state,
    reason: build.reason,
    triggers: build.triggers,
    triggeredAt: build.triggeredAt,
    startedAt: build.startedAt ?? null,
    finishedAt: build.finishedAt ?? null,
    durationMs: build.durationMs ?? null,
    ...(build.state === "failed" ? { phase: build.phase, error: build.error } : {}),
  };
}

function fullView(build: Build | null, logsDir: string): BuildView | null {
  if (!build) return null;
  return {
    ...publicView(build),
    ...(build.startedAt ? { logFile: path.join(logsDir, `${build.id}.log`) } : {}),
    ...(build.state === "failed" ? { logTail: build.logTail, detail: build.detail } : {}),
  };
}

export class Builder {
  #config: ServiceConfig;
  #log: Log;
  #current: Build | null = null;
  #queued: Build | null = null;
  #history: Build[] = [];
  #publishing: Promise<unknown> = Promise.resolve();
  #stopping = false;
  #idle: Promise<void> = Promise.resolve();

  constructor(config: ServiceConfig, log: Log = console.log) {
    this.#config = config;
    this.#log = log;
  }

  get releasesDir(): string {
    return path.join(this.#config.buildsDir, "releases");
  }

  get workspaceDir(): string {
    return path.join(this.#config.buildsDir, "workspace");
  }

  /** Accepted builds that have not finished, kept across a crash or a restart. */
  get queueFile(): string {
    return path.join(this.#config.buildsDir, "queue.json");
  }

  /** Prepares the directories, and fails early when PUBLISH_DIR cannot be managed. */
  init(): this {
    mkdirSync(this.releasesDir, { recursive: true });
    mkdirSync(path.join(this.#config.buildsDir, "logs"), { recursive: true });
    mkdirSync(path.dirname(this.#config.publishDir), { recursive: true });
    publishedTarget(this.#config.publishDir);
    return this;
  }

  /**
   * Accepts a trigger: starts a build now, or joins the one follow-up build. `documents` are the
   * ids of the blogMetaData documents the trigger saw change; a build gets those of every trigger
   * it carries.
   */
  trigger({ reason = "webhook", allowShrink = false, documents = [] }: { reason?: string; allowShrink?: boolean; documents?: readonly string[] } = {}): {
    build: BuildView;
    coalesced: boolean;
  } {
    if (this.#stopping) throw new HttpError("The service is stopping.", 503);
    if (this.#queued) {
      this.#queued.triggers += 1;
      // The permission covers the build that will carry this request's changes.
      if (allowShrink) this.#queued.allowShrink = true;
      this.#queued.documents = [...new Set([...(this.#queued.documents ?? []), ...documents])];
      this.#persist();
      return { build: publicView(this.#queued), coalesced: true };
    }
    const build: Build = { id: newId(), state: "queued", reason, triggers: 1, triggeredAt: new Date().toISOString(), allowShrink, documents: [...new Set(documents)] };
    if (this.#current) {
      this.#queued = build;
      this.#persist();
      return { build: publicView(build), coalesced: false };
    }
    this.#start(build);
    return { build: publicView(build), coalesced: false };
  }

  /**
   * Takes up what a previous run of the service accepted and did not finish (queue.json): stops
   * what is left of a build it was running, then builds again. A queued build carries every change
   * the interrupted one would have, so only it runs; otherwise the interrupted build runs again
   * under its own id. Called once, after init() and before the service takes requests.
   */
  async resume(): Promise<void> {
    if (!existsSync(this.queueFile)) return;
    let saved: QueueFile;
    try {
      saved = JSON.parse(readFileSync(this.queueFile, "utf8")) as QueueFile;
    } catch (error) {
      const aside = `${this.queueFile}.unreadable-${Date.now()}`;
      renameSync(this.queueFile, aside);
      this.#log(`Cannot read ${this.queueFile} (${(error as Error).message}); moved it to ${aside} and start with an empty queue`);
      return;
    }
    const { current, queued } = saved;
    let rerun: Build | null = queued ? revive(queued) : null;
    if (current) {
      if (current.group) await this.#stopLeftovers(current.id, current.group);
      if (existsSync(path.join(this.releasesDir, current.id, "build.json"))) {
        this.#log(`Build ${current.id} had been published before the service stopped`);
      } else {
        // Whatever it left behind is incomplete: its release, and maybe Gatsby's cache.
        rmSync(path.join(this.releasesDir, current.id), { recursive: true, force: true });
        this.#wipeWorkspaceOutput();
        if (rerun) {
          const interrupted: Build = {
            ...revive(current),
            state: "failed",
            phase: "interrupted",
            error: `The service stopped before this build finished; build ${rerun.id}, which includes its changes, runs instead.`,
          };
          this.#history.unshift(interrupted);
        } else {
          rerun = revive(current);
        }
      }
    }
    if (rerun) {
      this.#log(`Resuming build ${rerun.id}, accepted before the service stopped`);
      this.#start(rerun);
    } else {
      this.#persist();
    }
  }

  /** Releases that can be published again, newest first. */
  releases(): Release[] {
    return readdirSync(this.releasesDir)
      .filter((id) => existsSync(path.join(this.releasesDir, id, "build.json")))
      .map((id) => JSON.parse(readFileSync(path.join(this.releasesDir, id, "build.json"), "utf8")) as Release)
      .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt) || b.id.localeCompare(a.id));
  }

  /** The id of the release PUBLISH_DIR points at, if it is one of ours. */
  publishedId(): string | null {
    const target = publishedTarget(this.#config.publishDir);
    if (!target || path.dirname(path.dirname(target)) !== this.releasesDir) return null;
    return path.basename(path.dirname(target));
  }

  /** The queue, the history and the releases; `full` (for the secret's holder) adds logs and paths. */
  status({ full = false }: { full?: boolean } = {}): ServiceStatus {
    const publishedId = this.publishedId();
    const logs = path.join(this.#config.buildsDir, "logs");
    const view = (build: Build | null): BuildView | null => (full ? fullView(build, logs) : publicView(build));
    const { publishDir, projectDir, buildsDir } = this.#config;
    return {
      published: publishedId,
      current: view(this.#current),
      queued: view(this.#queued),
      builds: this.#history.map((build) => view(build)!),
      releases: this.releases().map(({ id, finishedAt, articles }) => ({ id, finishedAt, articles, published: id === publishedId })),
      ...(full ? { paths: { publishDir, publishedTarget: publishedTarget(publishDir), projectDir, buildsDir, queueFile: this.queueFile } } : {}),
    };
  }

  /** Publishes an earlier release: the one before the published one, or `buildId`. */
  rollback(buildId?: string): Promise<{ published: string; previous: string | null }> {
    return this.#exclusive(async () => {
      const releases = this.releases();
      const publishedId = this.publishedId();
      const current = releases.findIndex((release) => release.id === publishedId);
      const target = buildId ? releases.find((release) => release.id === buildId) : current >= 0 ? releases[current + 1] : undefined;
      if (!target) {
        throw buildId ? new HttpError(`No kept release ${buildId}.`, 404) : new HttpError("No earlier release to roll back to.", 409);
      }
      const previous = publishedTarget(this.#config.publishDir);
      swapSymlink(this.#config.publishDir, this.#siteDir(target.id));
      const deployed = await this.#deploy(target.id, (text) => this.#log(text.trimEnd()));
      if (!deployed) {
        restore(this.#config.publishDir, previous);
        throw new HttpError("The deploy command failed; the previous release stays published.", 502);
      }
      this.#log(`Rolled back: ${publishedId ?? "nothing"} -> ${target.id}`);
      return { published: target.id, previous: publishedId };
    });
  }

  /**
   * Stops accepting triggers, cancels the running build and waits for it to end. queue.json keeps
   * the builds accepted so far, so that the next start builds them.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#current?.cancel?.();
    await this.#idle;
    const left = [this.#current, this.#queued].filter(Boolean).length;
    if (left > 0) this.#log(`${left} accepted build${left === 1 ? "" : "s"} will run when the service starts again`);
  }

  // Writes the unfinished builds to queue.json, replacing it in one rename. Once stopping, the file
  // stays as it was when the stop began: those builds were accepted and have not been published.
  #persist(): void {
    if (this.#stopping) return;
    const state: QueueFile = { current: pending(this.#current), queued: pending(this.#queued) };
    writeFileAtomic(this.queueFile, `${JSON.stringify(state, null, 2)}\n`);
  }

  async #stopLeftovers(id: string, group: number): Promise<void> {
    if (groupMembersIn(group, this.workspaceDir).length === 0) return;
    signalGroup(group, "SIGKILL");
    const deadline = Date.now() + 10_000;
    while (groupMembersIn(group, this.workspaceDir).length > 0 && Date.now() < deadline) await sleep(50);
    this.#log(`Stopped what was left running of build ${id}`);
  }

  #wipeWorkspaceOutput(): void {
    rmSync(path.join(this.workspaceDir, ".cache"), { recursive: true, force: true });
    rmSync(path.join(this.workspaceDir, "public"), { recursive: true, force: true });
  }

  /** The newest release whose snapshot recorded its files' states, to share unchanged files with. */
  #newestSnapshot(): { id: string; dir: string; states: FileStates } | undefined {
    for (const { id } of this.releases()) {
      const states = readStates(path.join(this.releasesDir, id));
      if (states) return { id, dir: this.#siteDir(id), states };
    }
    return undefined;
  }

  #siteDir(id: string): string {
    return path.join(this.releasesDir, id, "site");
  }

  // Publishing and rolling back never interleave.
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#publishing.then(task);
    this.#publishing = result.catch(() => undefined);
    return result;
  }

  #start(build: Build): void {
    this.#current = build;
    this.#persist();
    const run = this.#run(build).catch((error: unknown) => {
      // Only an unexpected fault (a full disk, say) gets here; the queue must go on regardless.
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      Object.assign(build, {
        state: "failed",
        phase: build.phase ?? "internal",
        error: `An unexpected fault stopped the build${code ? ` (${code})` : ""}.`,
        detail: String((error as Error | undefined)?.message ?? error),
      });
    });
    this.#idle = run.then(() => {
      this.#history.unshift(build);
      this.#history.length = Math.min(this.#history.length, HISTORY_LENGTH);
      if (this.#stopping) return;
      this.#current = null;
      const next = this.#queued;
      this.#queued = null;
      if (next) this.#start(next);
      else this.#persist();
    });
  }

  async #run(build: Build): Promise<void> {
    const { secret } = this.#config;
    const logFile = path.join(this.#config.buildsDir, "logs", `${build.id}.log`);
    let tail = "";
    const output = (text: string): void => {
      // The secret never reaches a log, even if a build step prints its environment.
      const clean = text.split(secret).join("[secret]");
      appendFileSync(logFile, clean);
      tail = (tail + clean).slice(-LOG_TAIL_CHARS);
    };
    const fail = (phase: string, error: string, detail?: string): void => {
      if (detail) output(`\n${detail}\n`);
      Object.assign(build, { state: "failed", phase, error, detail, logTail: tail });
      this.#log(`Build ${build.id} failed in ${phase}: ${detail ?? error}`);
    };
    build.state = "running";
    build.startedAt = new Date().toISOString();
    const started = Date.now();
    this.#log(`Build ${build.id} started (${build.triggers} trigger${build.triggers === 1 ? "" : "s"}, ${build.reason})`);
    output(`--- build ${build.id} started at ${build.startedAt} ---\n`);
    const release = path.join(this.releasesDir, build.id);
    try {
      this.#syncWorkspace();
      const run = runCommand(this.#config.buildCommand, {
        cwd: this.workspaceDir,
        env: { ...this.#childEnv(build.id), ...sourcingRequest(build.documents ?? [], output) },
        timeoutMs: this.#config.buildTimeoutMs,
        onOutput: output,
      });
      build.cancel = run.cancel;
      build.group = run.pid;
      this.#persist();
      const result = await run.done;
      delete build.cancel;
      if (result.code !== 0) {
        // A failed or killed build may leave a half-written cache: the next build starts cold.
        this.#wipeWorkspaceOutput();
        const why = result.cancelled
          ? "was cancelled"
          : result.timedOut
            ? `timed out after ${this.#config.buildTimeoutMs} ms`
            : result.signal
              ? `was killed by ${result.signal}`
              : `exited with code ${result.code}`;
        fail("build", `The build command ${why}.`);
        return;
      }
      mkdirSync(release, { recursive: true });
      // The newest release shares every file this build left as it was (see snapshot.ts).
      const earlier = this.#newestSnapshot();
      const snapshot = snapshotTree(path.join(this.workspaceDir, "public"), this.#siteDir(build.id), earlier);
      writeStates(release, snapshot.states);
      output(`\nRelease ${build.id}: ${snapshot.copied} files copied, ${snapshot.linked} shared with release ${earlier?.id ?? "(none)"}\n`);
      const { problems, articles } = checkOutput(this.#siteDir(build.id));
      if (problems.length > 0) {
        rmSync(release, { recursive: true, force: true });
        output(`\nOutput check failed:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`);
        fail("check", `The output check found ${problems.length} problem${problems.length === 1 ? "" : "s"}: ${problems.slice(0, 3).join("; ")}`);
        return;
      }
      build.articles = articles;
      await this.#exclusive(async () => {
        // Compared with what is published at the moment of publishing, not when the build started.
        const publishedId = this.publishedId();
        const published = publishedId ? (this.releases().find((release) => release.id === publishedId) ?? null) : null;
        const shrink = build.allowShrink ? null : checkShrink(articles, published, { maxDrop: this.#config.maxArticleDrop });
        if (shrink) {
          output(`\nNot published: ${shrink}\n`);
          throw new PhaseError(shrink, "shrink");
        }
        if (build.allowShrink) output(`\nPublishing ${articles} articles; the request allowed any drop.\n`);
        const previous = publishedTarget(this.#config.publishDir);
        const record: Release = { id: build.id, reason: build.reason, triggeredAt: build.triggeredAt, finishedAt: new Date().toISOString(), articles };
        writeFileSync(path.join(release, "build.json"), JSON.stringify(record, null, 2));
        swapSymlink(this.#config.publishDir, this.#siteDir(build.id));
        if (!(await this.#deploy(build.id, output))) {
          restore(this.#config.publishDir, previous);
          throw new PhaseError("The deploy command failed; the previous release stays published.", "deploy");
        }
      });
      build.state = "succeeded";
      this.#prune();
      this.#log(`Build ${build.id} published (${articles} articles)`);
    } catch (error) {
      rmSync(release, { recursive: true, force: true });
      if (error instanceof PhaseError) {
        fail(error.phase, error.message);
      } else {
        // A file system error names paths: its message goes to the log and the full status only.
        const code = (error as NodeJS.ErrnoException).code;
        fail("publish", `Publishing failed${code ? ` (${code})` : ""}; the previous release stays published.`, String((error as Error).message ?? error));
      }
    } finally {
      build.finishedAt = new Date().toISOString();
      build.durationMs = Date.now() - started;
    }
  }

  async #deploy(id: string, output: (text: string) => void): Promise<boolean> {
    if (!this.#config.deployCommand) return true;
    const run = runCommand(this.#config.deployCommand, {
      cwd: this.#config.projectDir,
      env: { ...this.#childEnv(id), RELEASE_DIR: this.#siteDir(id) },
      timeoutMs: this.#config.buildTimeoutMs,
      onOutput: output,
    });
    const { code } = await run.done;
    return code === 0;
  }

  #childEnv(id: string): NodeJS.ProcessEnv {
    const { REBUILD_SECRET: _secret, ...env } = process.env;
    return { ...env, BUILD_ID: id, CI: "true", GATSBY_TELEMETRY_DISABLED: "1" };
  }

  // The workspace keeps Gatsby's cache between builds (warm builds); the sources are copied afresh
  // each time, so a build sees exactly what the project holds now.
  #syncWorkspace(): void {
    const { projectDir, buildsDir, publishDir } = this.#config;
    const workspace = this.workspaceDir;
    mkdirSync(workspace, { recursive: true });
    const holds = (name: string, dir: string): boolean => dir === path.join(projectDir, name) || dir.startsWith(path.join(projectDir, name) + path.sep);
    const skip = (name: string): boolean => NOT_COPIED.has(name) || holds(name, buildsDir) || holds(name, publishDir);
    const wanted = readdirSync(projectDir).filter((name) => !skip(name));
    for (const name of readdirSync(workspace)) {
      if (!NOT_COPIED.has(name)) rmSync(path.join(workspace, name), { recursive: true, force: true });
    }
    for (const name of wanted) cpSync(path.join(projectDir, name), path.join(workspace, name), { recursive: true, verbatimSymlinks: true });
    const modules = path.join(workspace, "node_modules");
    if (!existsSync(modules) && existsSync(path.join(projectDir, "node_modules"))) {
      symlinkSync(path.join(projectDir, "node_modules"), modules, "dir");
    }
  }

  // Keeps the newest good releases (and always the published one) for rollback.
  #prune(): void {
    const publishedId = this.publishedId();
    const releases = this.releases();
    const keep = new Set(releases.slice(0, this.#config.keepBuilds).map((release) => release.id));
    if (publishedId) keep.add(publishedId);
    for (const id of readdirSync(this.releasesDir)) {
      if (!keep.has(id)) rmSync(path.join(this.releasesDir, id), { recursive: true, force: true });
    }
    const logs = path.join(this.#config.buildsDir, "logs");
    for (const file of readdirSync(logs).sort().reverse().slice(HISTORY_LENGTH)) rmSync(path.join(logs, file), { force: true });
  }
}
