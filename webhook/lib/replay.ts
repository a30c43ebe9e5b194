// Remembers the ids of the signed requests accepted lately, so that a recorded request cannot be
// sent again. An id needs remembering only while its timestamp would still be accepted; after
// that the timestamp check refuses the request anyway, so memory stays bounded by the number of
// authenticated requests in one window (and only a holder of the secret can add to it).
//
// With a file (BUILDS_DIR/request-ids.json, beside queue.json) the ids outlive the process: each
// accepted id is written before the request is answered, so a restart, even after a kill -9,
// does not reopen the window for a request recorded before it.
import { existsSync, readFileSync, renameSync } from "node:fs";
import { writeFileAtomic } from "./publish.ts";

/** What request-ids.json holds: each remembered id with the time (ms since 1970) it can be forgotten. */
export interface RequestIdsFile {
  until: Record<string, number>;
}

export interface ReplayGuardOptions {
  /** Where the ids are kept across restarts; without it they live in memory only. */
  file?: string;
  now?: number;
  log?: (message: string) => void;
}

export class ReplayGuard {
  #windowSeconds: number;
  #seen = new Map<string, number>();
  #file: string | undefined;
  // Set when a saved file could not be read: requests signed before this moment may have been
  // accepted already, and nothing says which, so all of them are refused until their window ends.
  #notBeforeMs = 0;

  constructor(windowSeconds: number, { file, now = Date.now(), log = console.log }: ReplayGuardOptions = {}) {
    this.#windowSeconds = windowSeconds;
    this.#file = file;
    if (!file || !existsSync(file)) return;
    try {
      this.#seen = loadIds(file, now);
    } catch (error) {
      const aside = `${file}.unreadable-${now}`;
      renameSync(file, aside);
      this.#notBeforeMs = now;
      log(
        `Cannot read ${file} (${(error as Error).message}); moved it to ${aside}. Signed requests made before ` +
          `${new Date(now).toISOString()} are refused, since they may have been accepted already.`,
      );
    }
  }

  /** Records `id`; false when it was already used by a request still inside the window. */
  firstUse(id: string, timestampSeconds: number, now = Date.now()): boolean {
    if (timestampSeconds * 1000 < this.#notBeforeMs) return false;
    const until = this.#seen.get(id);
    if (until !== undefined && until > now) return false;
    // One more second, so that the boundary second of the timestamp check is covered too.
    this.#seen.set(id, (timestampSeconds + this.#windowSeconds + 1) * 1000);
    if (this.#file) {
      // Written before the request is accepted: if the write fails, the request fails with it
      // rather than being accepted without a record.
      this.sweep(now);
      saveIds(this.#file, this.#seen);
    }
    return true;
  }

  /** Forgets ids whose requests could no longer be accepted. */
  sweep(now = Date.now()): void {
    for (const [id, until] of this.#seen) if (until <= now) this.#seen.delete(id);
  }

  get size(): number {
    return this.#seen.size;
  }
}

/** Writes the remembered ids to `file`, replacing it in one rename. */
function saveIds(file: string, seen: Map<string, number>): void {
  const saved: RequestIdsFile = { until: Object.fromEntries(seen) };
  writeFileAtomic(file, `${JSON.stringify(saved, null, 2)}\n`);
}

/** The ids saved in `file` that are still inside their window; throws when the file cannot be read. */
function loadIds(file: string, now: number): Map<string, number> {
  const saved: unknown = JSON.parse(readFileSync(file, "utf8"));
  const until = (saved as Partial<RequestIdsFile> | null)?.until;
  if (typeof until !== "object" || until === null || Array.isArray(until)) throw new Error("no `until` object");
  const seen = new Map<string, number>();
  // Ids past their window are pruned here: the timestamp check refuses their requests anyway.
  for (const [id, time] of Object.entries(until)) if (typeof time === "number" && time > now) seen.set(id, time);
  return seen;
}
