// The releases kept under BUILDS_DIR/releases/<id>/ (site/, build.json, the snapshot's states), and
// which of them PUBLISH_DIR points at.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { Lane } from "./build-record.ts";
import { publishedTarget, swapSymlink } from "./publish.ts";
import { readStates, type FileStates } from "./snapshot.ts";

/** What build.json in a release records. */
export interface Release {
  id: string;
  reason: string;
  triggeredAt: string;
  /** When its build began reading the data: what it holds is as of then (absent in older releases). */
  startedAt?: string;
  finishedAt: string;
  articles: number;
  /** A take-down's release (takedown.ts): the slugs it took out of the release it was made from. */
  takedown?: string[];
  /** How it was made (absent: before the fast lane, a full build or a take-down). */
  lane?: Lane;
  /** A fast-lane release: the documents it re-rendered, and the release it was made from. */
  documents?: string[];
  base?: string;
  /** A fast-lane release: the files it wrote (relative to its site), and when it read the documents. */
  files?: string[];
  renderedAt?: string;
}

/** When the data a release holds was read: its build's start, or the trigger before that was recorded. */
export const readAt = (release: Release): string => release.startedAt ?? release.triggeredAt;

export class Releases {
  readonly dir: string;
  readonly publishDir: string;
  /**
   * How many times PUBLISH_DIR was pointed anywhere by this object: a release published again (a
   * rollback, which may first remove files from it) is a new generation, so what was made from it
   * before (a spare, spare-release.ts) is not taken for it.
   */
  generation = 0;
  /** Told after every publish() and restore(), with PUBLISH_DIR already moved. */
  onPublished: (() => void) | null = null;

  constructor(buildsDir: string, publishDir: string) {
    this.dir = path.join(buildsDir, "releases");
    this.publishDir = publishDir;
  }

  /** The folder of a release, whatever state it is in. */
  folder(id: string): string {
    return path.join(this.dir, id);
  }

  /** The built site of a release, which PUBLISH_DIR points at once it is published. */
  siteDir(id: string): string {
    return path.join(this.dir, id, "site");
  }

  /** Whether a release was completed (its build.json written). */
  isComplete(id: string): boolean {
    return existsSync(path.join(this.folder(id), "build.json"));
  }

  /** Releases that can be published again, newest first. */
  list(): Release[] {
    return readdirSync(this.dir)
      .filter((id) => this.isComplete(id))
      .map((id) => JSON.parse(readFileSync(path.join(this.dir, id, "build.json"), "utf8")) as Release)
      .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt) || b.id.localeCompare(a.id));
  }

  /** The id of the release PUBLISH_DIR points at, if it is one of ours. */
  publishedId(): string | null {
    const target = publishedTarget(this.publishDir);
    if (!target || path.dirname(path.dirname(target)) !== this.dir) return null;
    return path.basename(path.dirname(target));
  }

  /** The newest release whose snapshot recorded its files' states, to share unchanged files with. */
  newestSnapshot(): { id: string; dir: string; states: FileStates } | undefined {
    for (const { id } of this.list()) {
      const states = readStates(this.folder(id));
      if (states) return { id, dir: this.siteDir(id), states };
    }
    return undefined;
  }

  /** Points PUBLISH_DIR at a release's site. */
  publish(id: string): void {
    swapSymlink(this.publishDir, this.siteDir(id));
    this.#published();
  }

  /** Puts PUBLISH_DIR back as it was: at the previous target, or absent before the first publish. */
  restore(previous: string | null): void {
    if (previous) swapSymlink(this.publishDir, previous);
    else rmSync(this.publishDir, { force: true });
    this.#published();
  }

  readonly #published = (): void => {
    this.generation += 1;
    this.onPublished?.();
  };

  /** Removes a release, complete or not. */
  remove(id: string): void {
    rmSync(this.folder(id), { recursive: true, force: true });
  }

  /** Keeps the newest `keep` releases (and always the published one) for rollback. */
  prune(keep: number): void {
    const publishedId = this.publishedId();
    const kept = new Set(
      this.list()
        .slice(0, keep)
        .map((release) => release.id),
    );
    if (publishedId) kept.add(publishedId);
    for (const id of readdirSync(this.dir)) if (!kept.has(id)) this.remove(id);
  }
}
