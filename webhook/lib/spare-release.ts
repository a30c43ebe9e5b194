// A spare release: the published release's site, and its lane folder (the fast lane's renderer),
// hard-linked into a folder of their own while nothing waits for them. A fast lane or a take-down
// then makes its release by moving the spare into place and removing the few files it replaces or
// takes out, instead of linking every file of the site while an editor waits. Linking is the
// kernel's work, about 44 µs a file here whoever asks for it (375,000 files took 16.4 s through
// Node and 16.4 s with `cp -al`), so at 100,000 articles it would be most of a fast lane's time.
//
// There is one spare at a time, of the release published last. A publish, a rollback or a restore
// after a failed deploy makes the spare out of date (Releases.generation): it is thrown away in the
// background and the next one begun. A spare is taken only whole; one still being made is waited
// for, which costs no more than linking the release then. A fast lane or take-down that fails after
// taking it publishes nothing, so makeRelease begins the next spare of the live release itself.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { keepsRenderer, laneDirOf } from "./fast-lane.ts";
import type { Releases } from "./releases.ts";
import { linkTreeExcept } from "./takedown.ts";

/** The folder under BUILDS_DIR that holds the spare while it is made and kept. */
export const SPARE_DIR = "spare";

interface Making {
  /** The release it is a copy of, and which publish of it (Releases.generation). */
  baseId: string;
  generation: number;
  folder: string;
  abort: AbortController;
  /** Settles true once the spare is whole, false when it was given up. */
  done: Promise<boolean>;
  /** Files linked into its site. */
  linked: number;
  /** Whether it holds the base's lane folder too. */
  lane: boolean;
}

/** A spare moved into a new release's folder. */
export interface TakenSpare {
  /** Files of the base release the new one shares (those taken out not counted). */
  linked: number;
  /** Whether the lane folder came with it (the base kept a renderer). */
  lane: boolean;
}

/** Files (not folders) at `full`: 1 for a file or link, every file inside for a folder, 0 when absent. */
function filesAt(full: string): number {
  const info = lstatSync(full, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return 1;
  return readdirSync(full, { recursive: true, withFileTypes: true }).filter((entry) => !entry.isDirectory()).length;
}

export class SpareRelease {
  readonly #dir: string;
  readonly #releases: Releases;
  readonly #log: (line: string) => void;
  #current: Making | null = null;
  readonly #removals = new Set<Promise<void>>();
  #stopped = false;

  constructor(buildsDir: string, releases: Releases, log: (line: string) => void) {
    this.#dir = path.join(buildsDir, SPARE_DIR);
    this.#releases = releases;
    this.#log = log;
  }

  /** Removes what an earlier run of the service left, before anything is made. */
  clear(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }

  /** Starts making a spare of the published release, unless there is one of it, made or on its way. */
  prepare(): void {
    if (this.#stopped) return;
    const baseId = this.#releases.publishedId();
    const generation = this.#releases.generation;
    const current = this.#current;
    if (current && current.baseId === baseId && current.generation === generation) return;
    this.#discard();
    if (!baseId) return;
    const folder = path.join(this.#dir, `${baseId}.${generation}`);
    const abort = new AbortController();
    const making: Making = { baseId, generation, folder, abort, done: Promise.resolve(false), linked: 0, lane: false };
    making.done = (async () => {
      // Begun after the publish that asked for it has been answered.
      await new Promise((resolve) => setImmediate(resolve));
      abort.signal.throwIfAborted();
      const base = this.#releases.folder(baseId);
      making.linked = await linkTreeExcept(this.#releases.siteDir(baseId), path.join(folder, "site"), [], abort.signal);
      if (keepsRenderer(base)) {
        await linkTreeExcept(laneDirOf(base), laneDirOf(folder), [], abort.signal);
        making.lane = true;
      }
      return true;
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) this.#log(`Spare release of ${baseId} not made: ${(error as Error).message}`);
      return false;
    });
    this.#current = making;
  }

  /**
   * Moves the spare of release `baseId` into `folder` (a new release's folder: its site/ and lane/)
   * less `removed` (paths relative to the site), if it is a spare of the release as published now;
   * waits for it when it is still being made. Null when there is none: the caller links the release
   * itself. Called only while publishing is held (nothing publishes meanwhile).
   */
  async takeInto(baseId: string, folder: string, removed: readonly string[]): Promise<TakenSpare | null> {
    const making = this.#current;
    const fresh = (): boolean =>
      this.#current === making && making?.baseId === baseId && making.generation === this.#releases.generation;
    if (!fresh() || !(await making!.done) || !fresh()) return null;
    this.#current = null;
    const spare = making!;
    mkdirSync(folder, { recursive: true });
    const site = path.join(folder, "site");
    renameSync(path.join(spare.folder, "site"), site);
    if (spare.lane) renameSync(laneDirOf(spare.folder), laneDirOf(folder));
    rmSync(spare.folder, { recursive: true, force: true });
    let linked = spare.linked;
    // Each is a link shared with the live release: removed, never written in place.
    for (const file of removed) {
      const full = path.join(site, file);
      linked -= filesAt(full);
      rmSync(full, { recursive: true, force: true });
    }
    return { linked, lane: spare.lane };
  }

  /**
   * Makes `folder` (a new release's folder) the release `baseId` hard-linked, less `removed` (paths
   * relative to its site): its site, and its lane folder when it keeps a renderer. From the spare when
   * there is one of it (takeInto), else linked here, file by file. Answers how many files the new
   * release shares, and whether the spare made it. Called only while publishing is held.
   */
  async linkInto(
    baseId: string,
    folder: string,
    removed: readonly string[],
  ): Promise<{ linked: number; spare: boolean }> {
    const taken = await this.takeInto(baseId, folder, removed);
    // A spare holds the lane folder exactly when its base keeps a renderer, so it needs nothing more.
    if (taken) return { linked: taken.linked, spare: true };
    const base = this.#releases.folder(baseId);
    const linked = await linkTreeExcept(this.#releases.siteDir(baseId), path.join(folder, "site"), removed);
    if (keepsRenderer(base)) await linkTreeExcept(laneDirOf(base), laneDirOf(folder), []);
    return { linked, spare: false };
  }

  /**
   * Makes a release from `baseId` as linkInto does, then runs `finish` on it (writing and publishing
   * it), and begins the spare of the release published when it is over. A publish has begun that
   * already; a release that fails or is refused after taking the spare publishes nothing, and without
   * this the next fast lane or take-down would link every file of the live release while an editor
   * waits. Called only while publishing is held.
   */
  async makeRelease<T>(
    baseId: string,
    folder: string,
    removed: readonly string[],
    finish: (made: { linked: number; spare: boolean }) => Promise<T>,
  ): Promise<T> {
    try {
      return await finish(await this.linkInto(baseId, folder, removed));
    } finally {
      this.prepare();
    }
  }

  /** Makes no more spares, and waits for the one being made and those being removed to be done with. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#discard();
    while (this.#removals.size > 0) await Promise.all(this.#removals);
  }

  /** The folder a spare is made in (for tests and logs); null when there is none. */
  get folder(): string | null {
    return this.#current?.folder ?? null;
  }

  // Throws the current spare away: stops its making, then removes its files without holding the
  // service (through the thread pool: removing 375,000 links takes seconds).
  readonly #discard = (): void => {
    const making = this.#current;
    if (!making) return;
    this.#current = null;
    making.abort.abort();
    const removal: Promise<void> = making.done
      .then(() => (existsSync(making.folder) ? rm(making.folder, { recursive: true, force: true }) : undefined))
      .catch((error: unknown) => this.#log(`Spare release ${making.folder} not removed: ${(error as Error).message}`))
      .finally(() => this.#removals.delete(removal));
    this.#removals.add(removal);
  };
}
