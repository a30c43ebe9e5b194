/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreateWebpackConfigArgs, Store } from "gatsby";
import { FONT_FILES, publishFonts } from "../../../src/node/fonts";
import { configureWebpack } from "../../../src/node/webpack";

const ROOT = path.resolve(__dirname, "../../..");
const storeAt = (directory: string): Store => ({ getState: () => ({ program: { directory } }) }) as unknown as Store;

describe("publishFonts", () => {
  it("copies the installed font files to public/fonts/ under their own names", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "fonts-"));
    await mkdir(path.join(site, FONT_FILES), { recursive: true });
    await writeFile(path.join(site, FONT_FILES, "outfit-latin-wght-normal.woff2"), "font bytes");
    await publishFonts({ store: storeAt(site) });
    expect(await readFile(path.join(site, "public", "fonts", "outfit-latin-wght-normal.woff2"), "utf8")).toBe("font bytes");
  });

  it("reads them from the installed @fontsource-variable/outfit package", async () => {
    await expect(readFile(path.join(ROOT, FONT_FILES, "outfit-latin-wght-normal.woff2"))).resolves.toBeInstanceOf(Buffer);
  });
});

/** A stand-in for Gatsby's own configuration of a stage, as getConfig returns it. */
const gatsbyConfig = (): Record<string, unknown> => ({
  output: { path: "/site/public", publicPath: "/" },
  devtool: "source-map",
  plugins: [{ gatsbys: true }],
});

const fakePlugins = {
  sourceMapDevTool: (options: Record<string, unknown>) => ({ sourceMapDevTool: options }),
} as unknown as CreateWebpackConfigArgs["plugins"];

/** The configuration configureWebpack puts back for `stage`. */
function configFor(stage: string): Record<string, unknown> {
  const replaceWebpackConfig = jest.fn();
  const setWebpackConfig = jest.fn();
  configureWebpack({
    actions: { replaceWebpackConfig, setWebpackConfig } as unknown as CreateWebpackConfigArgs["actions"],
    stage,
    plugins: fakePlugins,
    store: storeAt("/site"),
    getConfig: gatsbyConfig,
  } as never);
  // setWebpackConfig would silently drop `output` and `target`.
  expect(setWebpackConfig).not.toHaveBeenCalled();
  expect(replaceWebpackConfig).toHaveBeenCalledTimes(1);
  return replaceWebpackConfig.mock.calls[0]?.[0] as Record<string, unknown>;
}

describe("configureWebpack", () => {
  it("gives webpack 120 s to load a chunk, in every stage, and keeps the rest of Gatsby's configuration", () => {
    for (const stage of ["develop", "build-javascript"]) {
      const config = configFor(stage);
      expect(config.output).toEqual({ path: "/site/public", publicPath: "/", chunkLoadTimeout: 120_000 });
      expect(config.plugins).toContainEqual({ gatsbys: true });
    }
  });

  it("writes the browser bundles' source maps outside public/, with no comment pointing to them", () => {
    const config = configFor("build-javascript");
    expect(config.devtool).toBe(false);
    expect(config.plugins).toContainEqual({ sourceMapDevTool: { filename: "../.cache/source-maps/[file].map", append: false } });
  });

  it("leaves the other stages' source maps as Gatsby sets them", () => {
    const config = configFor("build-html");
    expect(config.devtool).toBe("source-map");
    expect(JSON.stringify(config.plugins)).not.toContain("sourceMapDevTool");
  });
});
