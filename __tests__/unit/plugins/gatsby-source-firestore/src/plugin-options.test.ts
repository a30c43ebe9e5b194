/** @jest-environment node */
import { createRequire } from "node:module";
import type { GatsbyNode } from "gatsby";
import { remoteImageResolver } from "../../../../../plugins/gatsby-source-firestore/src/normalize";
import {
  coverImagePolicy,
  DEFAULT_TYPES,
  pluginOptionsSchema,
  usesFirestore,
} from "../../../../../plugins/gatsby-source-firestore/src/plugin-options";

/** The validation Gatsby runs on gatsby-config's options, from Gatsby's own dependencies. */
const { Joi } = createRequire(require.resolve("gatsby"))("gatsby-plugin-utils") as {
  Joi: Parameters<NonNullable<GatsbyNode["pluginOptionsSchema"]>>[0]["Joi"];
};
const schema = (pluginOptionsSchema as (args: { Joi: typeof Joi }) => ReturnType<typeof Joi.object>)({ Joi });

/** What the options become, or the message of the first option Gatsby would refuse. */
function validated(options: Record<string, unknown>): Record<string, unknown> | string {
  const { value, error } = schema.validate(options);
  return error ? error.message : (value as Record<string, unknown>);
}

describe("pluginOptionsSchema", () => {
  it("gives every option its default: the blog collection, 500 documents a read, incremental with 10 minutes' margin", () => {
    expect(validated({})).toEqual({
      types: DEFAULT_TYPES,
      allowedImageHosts: [],
      allowInsecureImageHosts: false,
      editorToolNames: {},
      pageSize: 500,
      incremental: true,
      syncMarginMinutes: 10,
    });
    expect(DEFAULT_TYPES).toEqual([{ type: "BlogPost", collection: "blogMetaData" }]);
  });

  it("accepts a whole configuration as gatsby-config gives it", () => {
    const options = {
      types: [{ type: "BlogPost", collection: "blogMetaData", map: (data: object) => data }],
      firebaseConfig: { projectId: "kindred-prod", apiKey: "", measurementId: "G-1" },
      emulatorHost: "127.0.0.1:8080",
      allowedImageHosts: ["cdn.example", "images.example:8443/covers/"],
      allowInsecureImageHosts: true,
      editorToolNames: { link: "linkTool", alignmentTune: "alignment" },
      localContentDir: "/site/content/blog",
      pageSize: 10_000,
      incremental: false,
      syncMarginMinutes: 0,
    };
    expect(validated(options)).toEqual(options);
  });

  it.each([
    ["a type name that is not a GraphQL type", { types: [{ type: "blogPost", collection: "blogMetaData" }] }, "type"],
    ["no type at all", { types: [] }, "types"],
    ["a type without its collection", { types: [{ type: "BlogPost" }] }, "collection"],
    ["an emulator host without a port", { emulatorHost: "localhost" }, "emulatorHost"],
    ["an image host with a scheme", { allowedImageHosts: ["https://cdn.example"] }, "allowedImageHosts"],
    ["a tool name the site does not know", { editorToolNames: { link: "linkPreview" } }, "editorToolNames"],
    ["a page of no documents", { pageSize: 0 }, "pageSize"],
    ["a page larger than Firestore serves", { pageSize: 10_001 }, "pageSize"],
    ["a negative margin", { syncMarginMinutes: -1 }, "syncMarginMinutes"],
  ])("refuses %s, naming the option", (_case, options, option) => {
    expect(validated(options)).toEqual(expect.stringContaining(option));
  });

  it("takes an empty emulator host for none", () => {
    expect(validated({ emulatorHost: "" })).toMatchObject({ emulatorHost: "" });
  });
});

describe("usesFirestore", () => {
  it("reads Firestore when a project id is configured, and the sample content otherwise", () => {
    expect(usesFirestore({ firebaseConfig: { projectId: "kindred-prod" } })).toBe(true);
    expect(usesFirestore({ firebaseConfig: { projectId: "" } })).toBe(false);
    expect(usesFirestore({ firebaseConfig: {} })).toBe(false);
    expect(usesFirestore({})).toBe(false);
  });
});
describe("coverImagePolicy", () => {
  it("allows the configured project's Firebase Storage by default, and nothing of another project", () => {
    const policy = coverImagePolicy({
      firebaseConfig: { projectId: "kindred-prod" },
      allowedImageHosts: [],
      allowInsecureImageHosts: false,
    });
    const resolve = remoteImageResolver(policy);
    expect(
      resolve("https://firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/o/covers%2Fa.webp?alt=media"),
    ).toHaveProperty("kind", "url");
    expect(
      resolve("https://firebasestorage.googleapis.com/v0/b/kindred-prod.firebasestorage.app/o/a.webp?alt=media"),
    ).toHaveProperty("kind", "url");
    expect(resolve("https://storage.googleapis.com/kindred-prod.appspot.com/a.webp")).toHaveProperty("kind", "url");
    expect(typeof resolve("https://firebasestorage.googleapis.com/v0/b/someone-else.appspot.com/o/a.webp")).toBe(
      "string",
    );
    expect(typeof resolve("https://firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com.evil/o/a.webp")).toBe(
      "string",
    );
  });

  it("adds the configured hosts, and the test allowance only when asked", () => {
    const policy = coverImagePolicy({
      firebaseConfig: {},
      allowedImageHosts: ["cdn.example"],
      allowInsecureImageHosts: false,
    });
    expect(policy).toEqual({ hosts: ["cdn.example"], allowInsecure: false });
  });
});
