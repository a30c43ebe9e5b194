import type { DraftBlockLeftOut, DraftFields, DraftReason } from "@kindred/article";

// Saves the editor's text through saveArticle on its own: once typing has stopped for a moment, one save
// at a time, each on the version the last one made, and never over a version someone else saved
// (docs/editors-api.md, "Opening an article and saving as the editor types"). Plain code with the call
// and the words of its errors passed in, so the rules are tested without Firebase.

/** Quiet time after the last change before the text is saved: with Editor.js's own 400 ms of batching, a save starts 1.4 s after the last key. */
export const AUTOSAVE_IDLE_MS = 1000;
/** Wait before trying again after a failure that may pass (the service unreachable, a timeout). */
export const AUTOSAVE_RETRY_MS = 5000;

export interface SaveRequest extends DraftFields {
  /** Absent for a new article: the first save makes its id. */
  id?: string;
  baseVersion: number;
}

export interface SaveAnswer {
  id: string;
  version: number;
  blocksLeftOut: DraftBlockLeftOut[];
}

/** An error in words (api.ts errorInWords): its code, a sentence, and the details that matter here. */
export interface SaveFailure {
  code: string;
  message: string;
  details: { reasons?: DraftReason[]; version?: number };
}

export type AutosaveState =
  /** Nothing typed since the article was opened or reloaded. */
  | { kind: "idle" }
  /** Typed; saved once typing stops. */
  | { kind: "waiting" }
  | { kind: "saving" }
  | { kind: "saved"; version: number; at: Date; blocksLeftOut: DraftBlockLeftOut[] }
  /** The build would not publish it: nothing saved until the text changes. */
  | { kind: "refused"; reasons: DraftReason[]; message: string }
  /** Someone saved `latest` since this text was loaded: nothing saved until the editor chooses. */
  | { kind: "conflict"; latest: number; message: string }
  | { kind: "signed-out"; message: string }
  /** Tried again on its own in `retryInMs`. */
  | { kind: "failed"; message: string; retryInMs: number };

export interface AutosaveOptions {
  /** The article's id, null for a new one. */
  id: string | null;
  /** The version loaded: the first save's baseVersion. */
  version: number;
  save(request: SaveRequest): Promise<SaveAnswer>;
  describe(error: unknown): SaveFailure;
  onState(state: AutosaveState): void;
  /** Told of each save made, with the id (a new article's, the first time). */
  onSaved?(answer: SaveAnswer): void;
  idleMs?: number;
  retryMs?: number;
}

export interface Autosave {
  /** The editor changed the text: it is saved once typing stops. */
  change(draft: DraftFields): void;
  /** Saves what is unsaved now, after the save in flight; true when nothing is left unsaved. */
  saveNow(): Promise<boolean>;
  /** After a conflict: save this text as the newest, on top of `latest`. */
  keepMine(latest: number): void;
  /** After a conflict or a restore: go on from `version`, dropping the unsaved text. */
  reload(version: number): void;
  /** After signing in again. */
  resume(): void;
  stop(): void;
  readonly id: string | null;
  readonly baseVersion: number;
}

export function createAutosave(options: AutosaveOptions): Autosave {
  const { save, describe, onState, onSaved, idleMs = AUTOSAVE_IDLE_MS, retryMs = AUTOSAVE_RETRY_MS } = options;
  let id = options.id;
  let baseVersion = options.version;
  let pending: DraftFields | null = null;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let paused = false;
  let stopped = false;
  let lastOk = true;

  const clearTimer = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const later = (ms: number): void => {
    clearTimer();
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, ms);
  };

  function flush(): Promise<void> {
    if (stopped || paused || pending === null) return Promise.resolve();
    if (inFlight) return inFlight; // what is pending goes when this one answers
    clearTimer();
    const draft = pending;
    pending = null;
    const request: SaveRequest = id === null ? { ...draft, baseVersion } : { ...draft, id, baseVersion };
    onState({ kind: "saving" });
    inFlight = (async () => {
      try {
        const answer = await save(request);
        id = answer.id;
        baseVersion = answer.version;
        lastOk = true;
        if (stopped) return;
        onSaved?.(answer);
        onState({ kind: "saved", version: answer.version, at: new Date(), blocksLeftOut: answer.blocksLeftOut });
      } catch (error) {
        lastOk = false;
        if (stopped) return;
        const { code, message, details } = describe(error);
        if (code === "failed-precondition" && typeof details.version === "number") {
          // Another tab or editor saved a version this text does not hold: the editor chooses.
          paused = true;
          pending ??= draft;
          onState({ kind: "conflict", latest: details.version, message });
        } else if (code === "invalid-argument") {
          // The same text would be refused again: the next change is tried.
          onState({ kind: "refused", reasons: details.reasons ?? [], message });
        } else if (code === "unauthenticated" || code === "permission-denied") {
          paused = true;
          pending ??= draft;
          onState({ kind: "signed-out", message });
        } else {
          pending ??= draft;
          onState({ kind: "failed", message, retryInMs: retryMs });
          later(retryMs);
        }
      } finally {
        inFlight = null;
      }
      // Typed while the save was in flight, and typing has stopped since: save that now.
      if (pending !== null && timer === null && !paused && !stopped) void flush();
    })();
    return inFlight;
  }

  return {
    change(draft) {
      if (stopped) return;
      pending = draft;
      if (paused) return;
      onState({ kind: "waiting" });
      later(idleMs);
    },
    async saveNow() {
      clearTimer();
      if (inFlight) await inFlight;
      if (pending !== null && !paused) await flush();
      if (inFlight) await inFlight;
      return pending === null && lastOk && !paused;
    },
    keepMine(latest) {
      baseVersion = latest;
      paused = false;
      void flush();
    },
    reload(version) {
      clearTimer();
      pending = null;
      baseVersion = version;
      paused = false;
      lastOk = true;
      onState({ kind: "idle" });
    },
    resume() {
      paused = false;
      void flush();
    },
    stop() {
      stopped = true;
      clearTimer();
    },
    get id() {
      return id;
    },
    get baseVersion() {
      return baseVersion;
    },
  };
}
