/** @jest-environment node */
import type { ParentSpanPluginArgs, PluginOptions } from "gatsby";
import {
  cachedSourceIdentity,
  resetCacheOnSourceChange,
  sourceIdentity,
} from "../../../../../plugins/gatsby-source-firestore/src/source-identity";

const samples = { firebaseConfig: { projectId: "" }, emulatorHost: "" };
const emulator = { firebaseConfig: { projectId: "demo-kindred" }, emulatorHost: "127.0.0.1:8080" };
const production = { firebaseConfig: { projectId: "kindred-prod" }, emulatorHost: "" };

/** Runs onPreInit on a store that remembers `recorded` as the last build's source. */
function preInit(recorded: string | undefined, options: object): { dispatch: jest.Mock; info: jest.Mock } {
  const dispatch = jest.fn();
  const info = jest.fn();
  const state = {
    status: {
      PLUGINS_HASH: "abc",
      plugins: recorded === undefined ? {} : { "gatsby-source-firestore": { sourceIdentity: recorded } },
    },
  };
  const args = { store: { getState: () => state, dispatch }, reporter: { info } } as unknown as ParentSpanPluginArgs;
  resetCacheOnSourceChange(args, options as PluginOptions);
  return { dispatch, info };
}

describe("sourceIdentity", () => {
  it("tells apart the samples, a project, the same project on an emulator, and another project", () => {
    const identities = [
      samples,
      emulator,
      production,
      { ...emulator, emulatorHost: "127.0.0.1:9090" },
      { ...production, firebaseConfig: { projectId: "other" } },
    ].map(sourceIdentity);
    expect(new Set(identities).size).toBe(identities.length);
  });

  it("reads back what the last build recorded", () => {
    expect(cachedSourceIdentity({ status: { plugins: { "gatsby-source-firestore": { sourceIdentity: "x" } } } })).toBe(
      "x",
    );
    expect(cachedSourceIdentity({})).toBeNull();
  });
});

describe("resetCacheOnSourceChange (onPreInit)", () => {
  it("makes Gatsby empty its cache when the workspace last built another source", () => {
    const { dispatch, info } = preInit(sourceIdentity(samples), emulator);
    expect(dispatch).toHaveBeenCalledWith({ type: "UPDATE_PLUGINS_HASH", payload: expect.any(String) });
    expect(dispatch.mock.calls[0]?.[0].payload).not.toBe("abc");
    expect(info).toHaveBeenCalledWith(expect.stringContaining("The content source changed"));
  });

  it("keeps the cache when the source is the same", () => {
    expect(preInit(sourceIdentity(emulator), emulator).dispatch).not.toHaveBeenCalled();
  });

  it("keeps the cache of a workspace that never recorded a source (Gatsby decides on its own)", () => {
    expect(preInit(undefined, production).dispatch).not.toHaveBeenCalled();
  });
});
