/** @jest-environment node */
import { sourceIdentity } from "../../../../../plugins/gatsby-source-firestore/src/source-identity";
import type { FirestoreSourceOptions } from "../../../../../plugins/gatsby-source-firestore/src/plugin-options";
import {
  readSyncState,
  sameSource,
  writeSyncState,
  type SyncState,
} from "../../../../../plugins/gatsby-source-firestore/src/sync-state";

const options = { firebaseConfig: { projectId: "kindred-prod" }, emulatorHost: "" } as FirestoreSourceOptions;
const STATE: SyncState = {
  identity: sourceIdentity(options),
  lastSync: 1_700_000_000_000,
  published: ["a", "b", "c"],
  withNode: ["a", "b"],
  duplicates: ["c"],
};

/** Gatsby's state after a build saved `status` for the plugin. */
const savedState = (sync: unknown) => ({ status: { plugins: { "gatsby-source-firestore": { sync } } } });

describe("the sync state", () => {
  it("reads back what the last build saved for a collection, and nothing for another", () => {
    const setPluginStatus = jest.fn();
    writeSyncState(setPluginStatus, "blogMetaData", STATE);
    const [[status]] = setPluginStatus.mock.calls as [[{ sync: Record<string, unknown> }]];
    expect(readSyncState(savedState(status.sync), "blogMetaData")).toEqual(STATE);
    expect(readSyncState(savedState(status.sync), "otherCollection")).toBeNull();
  });

  it("is saved as one string, so Gatsby's merge cannot mix an old, longer id list into a new one", () => {
    const setPluginStatus = jest.fn();
    writeSyncState(setPluginStatus, "blogMetaData", STATE);
    expect(setPluginStatus).toHaveBeenCalledWith({ sync: { blogMetaData: JSON.stringify(STATE) } });
  });

  it.each([
    ["no state at all", {}],
    ["no sync record", savedState(undefined)],
    ["a record that is not JSON", savedState({ blogMetaData: "{ torn" })],
    ["a record as an object, not a string", savedState({ blogMetaData: STATE })],
    ["a record without its time", savedState({ blogMetaData: JSON.stringify({ ...STATE, lastSync: "yesterday" }) })],
    ["an id list with a number", savedState({ blogMetaData: JSON.stringify({ ...STATE, withNode: ["a", 2] }) })],
    ["a record without duplicates", savedState({ blogMetaData: JSON.stringify({ ...STATE, duplicates: undefined }) })],
  ])("is not trusted, so the build reads everything, from %s", (_case, state) => {
    expect(readSyncState(state, "blogMetaData")).toBeNull();
  });

  it("belongs to the source it was read from: another project or emulator is another source", () => {
    expect(sameSource(STATE, options)).toBe(true);
    expect(sameSource(STATE, { ...options, emulatorHost: "127.0.0.1:8080" })).toBe(false);
    expect(sameSource(STATE, { ...options, firebaseConfig: { projectId: "other" } })).toBe(false);
  });
});
