/** @jest-environment node */
import path from "node:path";
import {
  builtPagePaths,
  emptyCacheAtNextCheck,
  publicDir,
  savedPluginStatus,
  siteDir,
  siteMetadataOf,
} from "../../../../plugins/gatsby-internals/gatsby-store";

const storeOf = (state: unknown) => ({ getState: () => state }) as Parameters<typeof siteDir>[0];

describe("the readers of Gatsby's store", () => {
  it("read the site's folder and its public/ folder", () => {
    const store = storeOf({ program: { directory: "/srv/site" } });
    expect(siteDir(store)).toBe("/srv/site");
    expect(publicDir(store)).toBe(path.join("/srv/site", "public"));
  });

  it("say which Gatsby they expected when the store names no site folder", () => {
    for (const state of [{}, { program: {} }, { program: { directory: 42 } }, null])
      expect(() => siteDir(storeOf(state))).toThrow("Gatsby's store names no site folder (program.directory)");
  });

  it("read gatsby-config's siteMetadata, or nothing", () => {
    const siteMetadata = { siteUrl: "https://kindred.example", title: "Kindred" };
    expect(siteMetadataOf(storeOf({ config: { siteMetadata } }))).toEqual(siteMetadata);
    expect(siteMetadataOf(storeOf({ config: {} }))).toEqual({});
    expect(siteMetadataOf(storeOf(undefined))).toEqual({});
  });

  it("read what a plugin saved in an earlier build, and nothing of another plugin or key", () => {
    const state = { status: { plugins: { "gatsby-source-firestore": { sourceIdentity: "x", sync: { a: "1" } } } } };
    expect(savedPluginStatus(state, "gatsby-source-firestore", "sourceIdentity")).toBe("x");
    expect(savedPluginStatus(state, "gatsby-source-firestore", "sync")).toEqual({ a: "1" });
    expect(savedPluginStatus(state, "gatsby-source-firestore", "other")).toBeUndefined();
    expect(savedPluginStatus(state, "gatsby-plugin-image", "sourceIdentity")).toBeUndefined();
    expect(savedPluginStatus({ status: "broken" }, "gatsby-source-firestore", "sync")).toBeUndefined();
  });

  it("list the paths of this build's pages, skipping any without one, and none outside a build", () => {
    const pages = new Map<string, unknown>([
      ["/", { path: "/" }],
      ["/blog/", { path: "/blog/" }],
      ["odd", { component: "x" }],
    ]);
    expect(builtPagePaths(storeOf({ pages }))).toEqual(["/", "/blog/"]);
    expect(builtPagePaths(storeOf({ pages: new Map() }))).toBeUndefined();
    expect(builtPagePaths(storeOf({ pages: [{ path: "/" }] }))).toBeUndefined();
    expect(builtPagePaths(storeOf({}))).toBeUndefined();
  });
});

describe("emptyCacheAtNextCheck", () => {
  it("stores the reason as Gatsby's plugins hash, which its cache check then finds changed", () => {
    const dispatch = jest.fn();
    emptyCacheAtNextCheck({ dispatch } as unknown as Parameters<typeof emptyCacheAtNextCheck>[0], "source changed");
    expect(dispatch.mock.calls).toEqual([[{ type: "UPDATE_PLUGINS_HASH", payload: "source changed" }]]);
  });
});
