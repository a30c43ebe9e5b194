/** @jest-environment node */
import type { ParentSpanPluginArgs } from "gatsby";
import {
  CHANGED_IDS_VARIABLE,
  FULL_READ_VARIABLE,
  forgetBuildRequest,
  takeBuildRequest,
} from "../../../../../plugins/gatsby-source-firestore/src/build-request";
import { onPreInit } from "../../../../../plugins/gatsby-source-firestore/src/on-pre-init";
import { sourceIdentity } from "../../../../../plugins/gatsby-source-firestore/src/source-identity";

/** onPreInit's arguments, on a store that remembers `recorded` as the last build's source. */
function preInitArgs(recorded: string) {
  const dispatch = jest.fn();
  const state = { status: { plugins: { "gatsby-source-firestore": { sourceIdentity: recorded } } } };
  const args = { store: { getState: () => state, dispatch }, reporter: { info: jest.fn(), warn: jest.fn() } };
  return { args: args as unknown as ParentSpanPluginArgs, dispatch };
}

describe("onPreInit", () => {
  const saved = { ...process.env };
  afterEach(() => {
    forgetBuildRequest();
    process.env = { ...saved };
  });

  it("takes the build's request out of the environment before Gatsby sets up webpack, and keeps it", async () => {
    process.env[CHANGED_IDS_VARIABLE] = "a1,b2";
    process.env[FULL_READ_VARIABLE] = "true";
    const { args } = preInitArgs(sourceIdentity({ firebaseConfig: {} }));
    await onPreInit!(args, { plugins: [], firebaseConfig: {} }, () => undefined);
    expect(process.env).not.toHaveProperty(CHANGED_IDS_VARIABLE);
    expect(process.env).not.toHaveProperty(FULL_READ_VARIABLE);
    expect(takeBuildRequest()).toEqual({ changedIds: ["a1", "b2"], fullRead: true });
  });

  it("empties Gatsby's cache when the content source changed since the cache was filled", async () => {
    const { args, dispatch } = preInitArgs(sourceIdentity({ firebaseConfig: {} }));
    await onPreInit!(args, { plugins: [], firebaseConfig: { projectId: "kindred-prod" } }, () => undefined);
    expect(dispatch).toHaveBeenCalledWith({ type: "UPDATE_PLUGINS_HASH", payload: expect.any(String) });
  });

  it("keeps the cache of the same source", async () => {
    const { args, dispatch } = preInitArgs(sourceIdentity({ firebaseConfig: {} }));
    await onPreInit!(args, { plugins: [], firebaseConfig: {} }, () => undefined);
    expect(dispatch).not.toHaveBeenCalled();
  });
});
