// The build queue. One build runs at a time; triggers that arrive meanwhile join a single
// follow-up build. Accepted builds are kept in queue.json until they finish (queue-file.ts); each
// build runs through pipeline.ts into a release (releases.ts).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fullView, newBuildId, publicView, type Build, type BuildView, type Log } from "./build-record.ts";
import type { BuildObserver } from "./build-events.ts";
import type { ServiceConfig } from "./config.ts";
import { HttpError } from "./errors.ts";
import { keepsRenderer, pruneLaneCode, warmLaneCode } from "./fast-lane.ts";
import { LANE_SCRATCH, runFastLane } from "./fast-lane-release.ts";
import { deployRelease, runBuild } from "./pipeline.ts";
import { publishedTarget } from "./publish.ts";
import { readQueueFile, revive, stopLeftovers, writeQueueFile, type QueueFile } from "./queue-file.ts";
import { readAt, Releases, type Release } from "./releases.ts";
import { readStates, writeStates } from "./snapshot.ts";
import { SpareRelease } from "./spare-release.ts";
import {
  articleFiles,
  removeArticleFiles,
  removeFeedItems,
  FEED_FILE,
  statesWithout,
  TakedownLog,
  type Takedown,
} from "./takedown.ts";
import type { RunningCommand } from "./run-command.ts";
import { childEnv, wipeWorkspaceOutput } from "./workspace.ts";

export type { Build, BuildState, BuildView, Log } from "./build-record.ts";
export { HttpError } from "./errors.ts";
export type { Release } from "./releases.ts";

const HISTORY_LENGTH = 20;

export interface ServiceStatus {
  published: string | null;
  /** Only with the secret: where the service keeps things. */
  paths?: {
    publishDir: string;
    publishedTarget: string | null;
    projectDir: string;
    buildsDir: string;
    queueFile: string;
  };
  current: BuildView | null;
  queued: BuildView | null;
  builds: BuildView[];
  releases: { id: string; finishedAt: string; articles: number; published: boolean }[];
}

/** What POST /takedown answers: the release published without the articles, and the build that follows. */
export interface TakedownResult {
  release: string;
  /** The files and folders taken out, relative to the site's root. */
  removed: string[];
  articles: number;
  /** The full build queued behind it, which takes the articles out of every list. */
  buildId: string;
  durationMs: number;
}

export class Builder {
  #config: ServiceConfig;
  #log: Log;
  #releases: Releases;
  #current: Build | null = null;
  #queued: Build | null = null;
  #history: Build[] = [];
  #publishing: Promise<unknown> = Promise.resolve();
  #stopping = false;
  /** The compiling ahead of the fast lane's code (warmLaneCode), while it runs. */
  #warming: RunningCommand | undefined;
  #idle: Promise<void> = Promise.resolve();
  #observer: BuildObserver | null;
  #takedowns: TakedownLog;
  /** The published release linked ahead of time, for the next fast lane or take-down. */
  #spare: SpareRelease;
  /** A fast lane runs (or waits to publish); `#lanePending` gathers what the next one renders. */
  #laneBusy = false;
  #lanePending: { reasons: string[]; documents: Set<string>; triggeredAt: string } | null = null;
  #lanesIdle: Promise<void> = Promise.resolve();

  /** `observer` hears of every trigger, start and end (build-events.ts: editors' states, notifications). */
  constructor(config: ServiceConfig, log: Log = console.log, observer: BuildObserver | null = null) {
    this.#config = config;
    this.#log = log;
    this.#observer = observer;
    this.#releases = new Releases(config.buildsDir, config.publishDir);
    this.#spare = new SpareRelease(config.buildsDir, this.#releases, log);
    this.#releases.onPublished = () => this.#spare.prepare();
    this.#takedowns = new TakedownLog(path.join(config.buildsDir, "takedowns.json"));
  }

  get releasesDir(): string {
    return this.#releases.dir;
  }

  get workspaceDir(): string {
    return path.join(this.#config.buildsDir, "workspace");
  }

  /** Accepted builds that have not finished, kept across a crash or a restart. */
  get queueFile(): string {
    return path.join(this.#config.buildsDir, "queue.json");
  }

  get #logsDir(): string {
    return path.join(this.#config.buildsDir, "logs");
  }

  /**
   * Prepares the directories, and fails early when PUBLISH_DIR cannot be managed. What a fast lane cut
   * short by a crash left in its scratch folder goes: no lane runs yet, and a lane is never resumed
   * (the full build queued with it publishes the change). So does a spare release half made, and
   * the spare of the published release is begun again.
   */
  init(): this {
    rmSync(path.join(this.#config.buildsDir, LANE_SCRATCH), { recursive: true, force: true });
    this.#spare.clear();
    mkdirSync(this.releasesDir, { recursive: true });
    mkdirSync(this.#logsDir, { recursive: true });
    mkdirSync(path.dirname(this.#config.publishDir), { recursive: true });
    publishedTarget(this.#config.publishDir);
    this.#spare.prepare();
    return this;
  }

  /**
   * Accepts a trigger: starts a build now, or joins the one follow-up build. `documents` are the
   * ids of the blogMetaData documents the trigger saw change; a build gets those of every trigger
   * it carries.
   */
  trigger({
    reason = "webhook",
    allowShrink = false,
    documents = [],
  }: { reason?: string; allowShrink?: boolean; documents?: readonly string[] } = {}): {
    build: BuildView;
    coalesced: boolean;
  } {
    if (this.#stopping) throw new HttpError("The service is stopping.", 503);
    const accepted = { reason, documents, at: new Date() };
    if (documents.length > 0) this.#requestLane(reason, documents);
    // A build that has not started yet (queued, or waiting for a fast lane) takes the trigger in.
    const waiting = this.#queued ?? (this.#current?.state === "queued" ? this.#current : null);
    if (waiting) {
      this.#observe(() => this.#observer?.triggered(waiting, accepted));
      waiting.triggers += 1;
      // The permission covers the build that will carry this request's changes.
      if (allowShrink) waiting.allowShrink = true;
      waiting.documents = [...new Set([...(waiting.documents ?? []), ...documents])];
      this.#persist();
      return { build: publicView(waiting), coalesced: true };
    }
    const build: Build = {
      id: newBuildId(),
      state: "queued",
      lane: "full",
      reason,
      triggers: 1,
      triggeredAt: new Date().toISOString(),
      allowShrink,
      documents: [...new Set(documents)],
    };
    this.#observe(() => this.#observer?.triggered(build, accepted));
    if (this.#current) {
      this.#queued = build;
      this.#persist();
      return { build: publicView(build), coalesced: false };
    }
    if (this.#laneBusy) {
      // The full build starts once the fast lane has published (seconds): both would share the
      // machine's cores otherwise. It is accepted, and kept in queue.json, from now.
      this.#current = build;
      this.#persist();
      void this.#lanesIdle.then(() => {
        if (!this.#stopping && this.#current === build && build.state === "queued") this.#start(build);
      });
      return { build: publicView(build), coalesced: false };
    }
    this.#start(build);
    return { build: publicView(build), coalesced: false };
  }

  /**
   * The fast lane (fast-lane-release.ts) for the documents a trigger named: one at a time, never
   * waiting for a full build; the documents named while one runs go to one more. Called before the
   * trigger's full build is queued, which then waits for it when nothing else runs.
   */
  #requestLane = (reason: string, documents: readonly string[]): void => {
    if (!this.#config.fastLane) return this.#log("fast lane: left to the full build: FAST_LANE is off");
    const live = this.publishedId();
    if (!this.#laneBusy && (!live || !keepsRenderer(this.#releases.folder(live)))) {
      this.#log(
        `fast lane: left to the full build: ${live ? "the live release keeps no renderer" : "nothing is published yet"}`,
      );
      return;
    }
    if (this.#lanePending) {
      for (const document of documents) this.#lanePending.documents.add(document);
      this.#lanePending.reasons.push(reason);
      return;
    }
    this.#lanePending = { reasons: [reason], documents: new Set(documents), triggeredAt: new Date().toISOString() };
    if (this.#laneBusy) return;
    this.#laneBusy = true;
    this.#lanesIdle = (async () => {
      try {
        await this.#runLanes();
      } catch (error) {
        this.#log(`fast lane: left to the full build: an unexpected fault (${(error as Error).message})`);
      } finally {
        this.#lanePending = null;
        this.#laneBusy = false;
      }
    })();
  };

  // Runs fast lanes while documents wait for one.
  #runLanes = async (): Promise<void> => {
    while (this.#lanePending && !this.#stopping) {
      const { reasons, documents: named, triggeredAt } = this.#lanePending;
      this.#lanePending = null;
      const lane: Build = {
        id: newBuildId(),
        state: "queued",
        lane: "fast",
        reason: [...new Set(reasons)].join(", "),
        triggers: reasons.length,
        triggeredAt,
        documents: [...named],
      };
      const result = await runFastLane(lane, {
        config: this.#config,
        releases: this.#releases,
        spare: this.#spare,
        logsDir: this.#logsDir,
        log: this.#log,
        exclusive: <T>(task: () => Promise<T>) => this.#exclusive(task),
      });
      if (result.outcome === "left") continue;
      this.#history.unshift(lane);
      this.#history.length = Math.min(this.#history.length, HISTORY_LENGTH);
      if (result.outcome === "published") {
        this.#observe(() => this.#observer?.laneFinished?.(lane, result.live));
        this.#prune();
      }
    }
  };

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
      saved = readQueueFile(this.queueFile);
    } catch (error) {
      const aside = `${this.queueFile}.unreadable-${Date.now()}`;
      renameSync(this.queueFile, aside);
      this.#log(
        `Cannot read ${this.queueFile} (${(error as Error).message}); moved it to ${aside} and start with an empty queue`,
      );
      return;
    }
    const { current, queued } = saved;
    let rerun: Build | null = queued ? revive(queued) : null;
    if (current) {
      if (current.group && (await stopLeftovers(current.group, this.workspaceDir))) {
        this.#log(`Stopped what was left running of build ${current.id}`);
      }
      if (this.#releases.isComplete(current.id)) {
        this.#log(`Build ${current.id} had been published before the service stopped`);
      } else {
        // Whatever it left behind is incomplete: its release, and maybe Gatsby's cache.
        this.#releases.remove(current.id);
        wipeWorkspaceOutput(this.workspaceDir);
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
    return this.#releases.list();
  }

  /** The id of the release PUBLISH_DIR points at, if it is one of ours. */
  publishedId(): string | null {
    return this.#releases.publishedId();
  }

  /** The queue, the history and the releases; `full` (for the secret's holder) adds logs and paths. */
  status({ full = false }: { full?: boolean } = {}): ServiceStatus {
    const publishedId = this.publishedId();
    const view = (build: Build | null): BuildView | null => (full ? fullView(build, this.#logsDir) : publicView(build));
    const { publishDir, projectDir, buildsDir } = this.#config;
    return {
      published: publishedId,
      current: view(this.#current),
      queued: view(this.#queued),
      builds: this.#history.map((build) => view(build)!),
      releases: this.releases().map(({ id, finishedAt, articles }) => ({
        id,
        finishedAt,
        articles,
        published: id === publishedId,
      })),
      ...(full
        ? {
            paths: {
              publishDir,
              publishedTarget: publishedTarget(publishDir),
              projectDir,
              buildsDir,
              queueFile: this.queueFile,
            },
          }
        : {}),
    };
  }

  /** Publishes an earlier release: the one before the published one, or `buildId`. */
  rollback(buildId?: string): Promise<{ published: string; previous: string | null }> {
    return this.#exclusive(async () => {
      const releases = this.releases();
      const publishedId = this.publishedId();
      const current = releases.findIndex((release) => release.id === publishedId);
      const target = buildId
        ? releases.find((release) => release.id === buildId)
        : current >= 0
          ? releases[current + 1]
          : undefined;
      if (!target) {
        throw buildId
          ? new HttpError(`No kept release ${buildId}.`, 404)
          : new HttpError("No earlier release to roll back to.", 409);
      }
      const previous = publishedTarget(this.#config.publishDir);
      // An article taken down since this release was built stays down.
      const late = this.#takedowns.slugsAfter(readAt(target));
      if (late.length > 0) {
        const removed = removeArticleFiles(this.#releases.siteDir(target.id), late);
        if (removed.length > 0)
          this.#log(`Rollback to ${target.id} leaves out what was taken down since: ${removed.join(", ")}`);
      }
      this.#releases.publish(target.id);
      const deployed = await deployRelease(this.#config, this.#releases, target.id, (text) =>
        this.#log(text.trimEnd()),
      );
      if (!deployed) {
        this.#releases.restore(previous);
        throw new HttpError("The deploy command failed; the previous release stays published.", 502);
      }
      this.#log(`Rolled back: ${publishedId ?? "nothing"} -> ${target.id}`);
      return { published: target.id, previous: publishedId };
    });
  }

  /**
   * Takes articles off the published site at once: publishes a release that is the live one less
   * their files (takedown.ts), then queues a full build naming them, which takes them out of every
   * list, feed and index. Remembered, so that a build already running does not bring them back.
   */
  async takeDown(articles: readonly { id: string; slug: string }[], reason = "takedown"): Promise<TakedownResult> {
    if (this.#stopping) throw new HttpError("The service is stopping.", 503);
    const started = Date.now();
    const published = await this.#exclusive(async () => {
      const publishedId = this.publishedId();
      const base = this.releases().find((release) => release.id === publishedId);
      if (!publishedId || !base) throw new HttpError("Nothing is published yet; there is nothing to take down.", 409);
      const at = new Date().toISOString();
      this.#takedowns.add(articles.map(({ id, slug }): Takedown => ({ id, slug, at })));
      const id = newBuildId();
      const from = this.#releases.siteDir(publishedId);
      const files = articles.flatMap(({ slug }) => articleFiles(slug));
      const removed = files.filter((file) => existsSync(path.join(from, file)));
      const pages = articles.filter(({ slug }) => existsSync(path.join(from, "blogarticle", slug))).length;
      try {
        // With the live one's renderer when it keeps one: the fast lane goes on serving edits from
        // this release (its `public` link is relative, so it names this release's files); without it
        // every edit until the full build would wait for the full build. A take-down that fails after
        // taking the spare begins another (SpareRelease.makeRelease).
        const folder = this.#releases.folder(id);
        return await this.#spare.makeRelease(publishedId, folder, files, async ({ linked, spare }) => {
          // The feed carries each article's whole body: its items go now too, not with the full build.
          const feed = removeFeedItems(
            this.#releases.siteDir(id),
            articles.map(({ slug }) => slug),
          );
          const states = readStates(this.#releases.folder(publishedId));
          // The next build shares its unchanged files with this release, as with any other.
          if (states) writeStates(folder, statesWithout(states, feed ? [...files, FEED_FILE] : files));
          const record: Release = {
            id,
            reason,
            triggeredAt: at,
            startedAt: readAt(base),
            finishedAt: new Date().toISOString(),
            articles: Math.max(0, base.articles - pages),
            takedown: articles.map(({ slug }) => slug),
            lane: "fast",
          };
          writeFileSync(path.join(folder, "build.json"), JSON.stringify(record, null, 2));
          const previous = publishedTarget(this.#config.publishDir);
          this.#releases.publish(id);
          const deployed = await deployRelease(this.#config, this.#releases, id, (text) => this.#log(text.trimEnd()));
          if (!deployed) {
            this.#releases.restore(previous);
            throw new HttpError("The deploy command failed; the previous release stays published.", 502);
          }
          this.#log(
            `Took down ${articles.map(({ slug }) => slug).join(", ")}: release ${id} ` +
              `(${linked} files shared${spare ? ", linked ahead" : ""})`,
          );
          this.#history.unshift({
            id,
            state: "published",
            lane: "fast",
            reason,
            triggers: 1,
            triggeredAt: at,
            startedAt: at,
            finishedAt: record.finishedAt,
            durationMs: Date.now() - started,
            articles: record.articles,
            documents: articles.map(({ id: document }) => document),
          });
          this.#history.length = Math.min(this.#history.length, HISTORY_LENGTH);
          return { release: id, removed, articles: record.articles };
        });
      } catch (error) {
        this.#releases.remove(id);
        throw error;
      }
    });
    const { build } = this.trigger({ reason, documents: articles.map(({ id }) => id) });
    return { ...published, buildId: build.id, durationMs: Date.now() - started };
  }

  /**
   * Stops accepting triggers, cancels the running build and waits for it to end. queue.json keeps
   * the builds accepted so far, so that the next start builds them.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#current?.cancel?.();
    this.#warming?.cancel();
    await Promise.all([this.#idle, this.#lanesIdle]);
    await this.#spare.stop();
    // Editors' states and notifications get a few seconds to go out; an unreachable Firestore or
    // receiver must not keep the service from stopping.
    await Promise.race([this.#observer?.settled(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    const left = [this.#current, this.#queued].filter(Boolean).length;
    if (left > 0) this.#log(`${left} accepted build${left === 1 ? "" : "s"} will run when the service starts again`);
  }

  // Once stopping, queue.json stays as it was when the stop began: those builds were accepted and
  // have not been published.
  #persist(): void {
    if (this.#stopping) return;
    writeQueueFile(this.queueFile, this.#current, this.#queued);
  }

  // Publishing and rolling back never interleave.
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#publishing.then(task);
    this.#publishing = result.catch(() => undefined);
    return result;
  }

  /**
   * Compiles the fast lane's code of a build that kept a new version of it, in the background; a
   * newer build's replaces an older one still running (its version is no longer the live one).
   */
  #warmLane(lane: string, id: string): void {
    if (this.#stopping) return;
    this.#warming?.cancel();
    const warming = warmLaneCode(lane, childEnv(id));
    this.#warming = warming.run;
    void warming.done.then((text) => {
      if (this.#warming === warming.run) this.#warming = undefined;
      this.#log(`Build ${id}: ${text}`);
    });
  }

  // Keeps the newest good releases (and always the published one) for rollback, and the newest logs.
  #prune(): void {
    this.#releases.prune(this.#config.keepBuilds);
    pruneLaneCode(this.#releases);
    const oldest = this.releases().at(-1);
    if (oldest) this.#takedowns.forgetBefore(readAt(oldest));
    for (const file of readdirSync(this.#logsDir).sort().reverse().slice(HISTORY_LENGTH))
      rmSync(path.join(this.#logsDir, file), { force: true });
  }

  // What editors are told must never stop the queue.
  #observe(tell: () => void): void {
    try {
      tell();
    } catch (error) {
      this.#log(`Cannot report the build to editors: ${(error as Error).message}`);
    }
  }

  #start(build: Build): void {
    this.#current = build;
    this.#persist();
    this.#observe(() => this.#observer?.started(build, this.publishedId()));
    const context = {
      config: this.#config,
      releases: this.#releases,
      workspace: this.workspaceDir,
      logsDir: this.#logsDir,
      log: this.#log,
      exclusive: <T>(task: () => Promise<T>) => this.#exclusive(task),
      persist: () => this.#persist(),
      prune: () => this.#prune(),
      warmLane: (lane: string, id: string) => this.#warmLane(lane, id),
      takedowns: this.#takedowns,
    };
    const run = runBuild(build, context).catch((error: unknown) => {
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
      // A build cancelled by a shutdown runs again at the next start: it has not failed.
      if (this.#stopping) return;
      this.#observe(() => this.#observer?.finished(build));
      this.#current = null;
      const next = this.#queued;
      this.#queued = null;
      if (next) this.#start(next);
      else this.#persist();
    });
  }
}
