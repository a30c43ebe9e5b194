import { savedPluginStatus } from "../../gatsby-internals/gatsby-store";
import type { FirestoreSourceOptions } from "./plugin-options";
import { sourceIdentity } from "./source-identity";

/** The plugin's name in Gatsby's status store. */
const PLUGIN_NAME = "gatsby-source-firestore";

/**
 * What the last successful sourcing of one collection learnt, kept with Gatsby's saved state
 * (`setPluginStatus`), so the next build in the same workspace reads only what changed.
 */
export interface SyncState {
  /** The source these documents came from; another source forces a full read. */
  identity: string;
  /** When that sourcing started reading (ms since the epoch, this machine's clock). */
  lastSync: number;
  /** Every published document id, the refused ones included: the count in Firestore must match it. */
  published: string[];
  /** The documents that have a node. */
  withNode: string[];
  /** Published, valid documents left out because a newer document has the same slug. */
  duplicates: string[];
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

/** The saved state of a collection, or null when there is none or it cannot be trusted. */
export function readSyncState(state: unknown, collection: string): SyncState | null {
  const sync = savedPluginStatus(state, PLUGIN_NAME, "sync");
  const saved = typeof sync === "object" && sync !== null ? (sync as Record<string, unknown>)[collection] : undefined;
  if (typeof saved !== "string") return null;
  try {
    const parsed = JSON.parse(saved) as Partial<SyncState>;
    if (
      typeof parsed.identity === "string" &&
      typeof parsed.lastSync === "number" &&
      isStringArray(parsed.published) &&
      isStringArray(parsed.withNode) &&
      isStringArray(parsed.duplicates)
    ) {
      return parsed as SyncState;
    }
  } catch {
    // A damaged record only costs a full read.
  }
  return null;
}

/**
 * Saves a collection's state. Gatsby merges plugin status with lodash `merge`, which would mix an
 * old, longer id list into a new one element by element, so the state is stored as one string.
 */
export function writeSyncState(
  setPluginStatus: (status: Record<string, unknown>) => void,
  collection: string,
  state: SyncState,
): void {
  setPluginStatus({ sync: { [collection]: JSON.stringify(state) } });
}

/** Whether a saved state was recorded from the source these options read. */
export function sameSource(state: SyncState, options: FirestoreSourceOptions): boolean {
  return state.identity === sourceIdentity(options);
}
