/** @jest-environment node */
import type { CreateWebpackConfigArgs } from "gatsby";
import { onCreateWebpackConfig, onPluginInit } from "../../../../../plugins/gatsby-source-firestore/src/browser-policy";

const options = {
  plugins: [],
  firebaseConfig: { projectId: "kindred-prod" },
  allowedImageHosts: ["cdn.example"],
  allowInsecureImageHosts: false,
  editorToolNames: { link: "linkTool" },
};

/** The cover policy these options give, as safe-url.ts reads it. */
const POLICY = {
  hosts: [
    "firebasestorage.googleapis.com/v0/b/kindred-prod.appspot.com/",
    "storage.googleapis.com/kindred-prod.appspot.com/",
    "firebasestorage.googleapis.com/v0/b/kindred-prod.firebasestorage.app/",
    "storage.googleapis.com/kindred-prod.firebasestorage.app/",
    "kindred-prod.appspot.com",
    "kindred-prod.firebasestorage.app",
    "cdn.example",
  ],
  allowInsecure: false,
};

describe("onCreateWebpackConfig", () => {
  it("writes the cover policy and the editor's tool names into every bundle, as JSON", async () => {
    const setWebpackConfig = jest.fn();
    const define = (definitions: Record<string, string>) => ({ define: definitions });
    await onCreateWebpackConfig!(
      { actions: { setWebpackConfig }, plugins: { define } } as unknown as CreateWebpackConfigArgs,
      options,
      () => undefined,
    );
    expect(setWebpackConfig).toHaveBeenCalledWith({
      plugins: [
        {
          define: {
            __COVER_IMAGE_POLICY__: JSON.stringify(POLICY),
            __EDITOR_TOOL_NAMES__: JSON.stringify({ link: "linkTool" }),
          },
        },
      ],
    });
  });
});

describe("onPluginInit", () => {
  const globals = globalThis as { __COVER_IMAGE_POLICY__?: unknown; __EDITOR_TOOL_NAMES__?: unknown };
  afterEach(() => {
    delete globals.__COVER_IMAGE_POLICY__;
    delete globals.__EDITOR_TOOL_NAMES__;
  });

  it("gives the build process the same rules as globals of the same names", async () => {
    await onPluginInit!({} as never, options, () => undefined);
    expect(globals.__COVER_IMAGE_POLICY__).toEqual(POLICY);
    expect(globals.__EDITOR_TOOL_NAMES__).toEqual({ link: "linkTool" });
  });

  it("names no tools when the site configured none", async () => {
    await onPluginInit!({} as never, { ...options, editorToolNames: undefined }, () => undefined);
    expect(globals.__EDITOR_TOOL_NAMES__).toEqual({});
  });
});
