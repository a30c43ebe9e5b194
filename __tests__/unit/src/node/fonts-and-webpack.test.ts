/** @jest-environment node */
import { GATSBY_STAND_INS, replacedPattern } from "../../../../src/node/browser-stand-ins";
import { MARK_SVG } from "../../../../src/node/manifest";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreateWebpackConfigArgs, Store } from "gatsby";
import * as fonts from "../../../../src/node/fonts";
import { fallbackFontFaces } from "../../../../src/node/fonts";
import { shortClassName } from "../../../../plugins/gatsby-internals/css-module-naming";
import { TOAST_STYLE_SOURCES, TOAST_STYLESHEET_GLOBAL } from "../../../../src/node/toast-stylesheet";
import { FONT_FALLBACK_GLOBAL, configureWebpack } from "../../../../src/node/webpack";
import { installedOutfitMetrics } from "../../../support/outfit-metrics";

const ROOT = path.resolve(__dirname, "../../../..");
const storeAt = (directory: string): Store => ({ getState: () => ({ program: { directory } }) }) as unknown as Store;

/** The CSS extractor and css-loader that Gatsby's configuration uses, from Gatsby's own dependencies. */
const fromGatsby = createRequire(require.resolve("gatsby"));
const MiniCssExtractPlugin = fromGatsby("mini-css-extract-plugin") as new (options: Record<string, unknown>) => {
  options: Record<string, unknown>;
};
const CSS_LOADER = fromGatsby.resolve("css-loader");
const CSS_MODULE_OPTIONS = {
  namedExport: true,
  localIdentName: "[name]--[local]--[hash:hex:5]",
  exportLocalsConvention: "dashesOnly",
};

/** A stand-in for Gatsby's own configuration of a stage, as getConfig returns it. */
class TerserPlugin {}
const gatsbyConfig = (): Record<string, unknown> => ({
  output: { path: "/site/public", publicPath: "/" },
  target: ["web", "es5"],
  devtool: "source-map",
  plugins: [{ gatsbys: true }, new MiniCssExtractPlugin({ filename: "[name].[contenthash].css" })],
  optimization: { minimizer: [new TerserPlugin(), { cssMinimizer: true }] },
  module: {
    rules: [
      { test: /\.js$/, use: [{ loader: "babel-loader", options: { modules: "kept" } }] },
      {
        test: /\.module\.css$/,
        oneOf: [
          {
            use: [
              { loader: MiniCssExtractPlugin.name },
              { loader: CSS_LOADER, options: { url: true, modules: CSS_MODULE_OPTIONS } },
            ],
          },
        ],
      },
      { test: /\.css$/, use: [{ loader: CSS_LOADER, options: { modules: false } }] },
    ],
  },
});

/** Every css-loader entry of a configuration's rules. */
function cssLoaders(config: Record<string, unknown>): { options: { modules: false | Record<string, unknown> } }[] {
  const found: { options: { modules: false | Record<string, unknown> } }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === "object" && node !== null) {
      if ((node as { loader?: unknown }).loader === CSS_LOADER) found.push(node as (typeof found)[number]);
      Object.values(node).forEach(visit);
    }
  };
  visit((config.module as { rules: unknown }).rules);
  return found;
}

const fakePlugins = {
  define: (definitions: Record<string, string>) => ({ define: definitions }),
  sourceMapDevTool: (options: Record<string, unknown>) => ({ sourceMapDevTool: options }),
  normalModuleReplacement: (pattern: RegExp) => ({ normalModuleReplacement: pattern }),
  minifyJs: (options: Record<string, unknown>) => ({ minifyJs: options }),
} as unknown as CreateWebpackConfigArgs["plugins"];

/** The configuration configureWebpack puts back for `stage`, in a scratch site. */
async function configFor(stage: string, plugins = fakePlugins): Promise<Record<string, unknown>> {
  const replaceWebpackConfig = jest.fn();
  const setWebpackConfig = jest.fn();
  const site = await mkdtemp(path.join(tmpdir(), "webpack-"));
  for (const source of TOAST_STYLE_SOURCES) {
    await mkdir(path.dirname(path.join(site, source)), { recursive: true });
    await writeFile(path.join(site, source), `/* ${source} */`);
  }
  // The mark the HTML renderer's icons are drawn from (src/node/site-icons.ts).
  for (const source of [MARK_SVG]) {
    await mkdir(path.dirname(path.join(site, source)), { recursive: true });
    await writeFile(path.join(site, source), `<svg/>`);
  }
  await configureWebpack({
    actions: { replaceWebpackConfig, setWebpackConfig } as unknown as CreateWebpackConfigArgs["actions"],
    stage,
    plugins,
    store: storeAt(site),
    getConfig: gatsbyConfig,
  } as never);
  // setWebpackConfig would silently drop `output` and `target`.
  expect(setWebpackConfig).not.toHaveBeenCalled();
  expect(replaceWebpackConfig).toHaveBeenCalledTimes(1);
  return replaceWebpackConfig.mock.calls[0]?.[0] as Record<string, unknown>;
}

describe("configureWebpack", () => {
  // The faces themselves are tested in fonts.test.ts; Jest cannot load the ES-module font reader.
  beforeEach(() => {
    jest
      .spyOn(fonts, "fallbackFontFacesFor")
      .mockImplementation(async () => fallbackFontFaces(installedOutfitMetrics()));
  });
  afterEach(() => jest.restoreAllMocks());

  it("gives webpack 120 s to load a chunk, in every stage, and keeps the rest of Gatsby's configuration", async () => {
    for (const stage of ["develop", "build-javascript"]) {
      const config = await configFor(stage);
      expect(config.output).toEqual({ path: "/site/public", publicPath: "/", chunkLoadTimeout: 120_000 });
      expect(config.plugins).toContainEqual({ gatsbys: true });
    }
  });

  it("writes the browser bundles' source maps outside public/, with no comment pointing to them", async () => {
    const config = await configFor("build-javascript");
    expect(config.devtool).toBe(false);
    expect(config.plugins).toContainEqual({
      sourceMapDevTool: { filename: "../.cache/source-maps/[file].map", append: false },
    });
  });

  it("leaves the other stages' source maps, target and minifiers as Gatsby sets them", async () => {
    const config = await configFor("build-html");
    expect(config).toMatchObject({ devtool: "source-map", target: ["web", "es5"] });
    expect(JSON.stringify(config.plugins)).not.toContain("sourceMapDevTool");
  });

  it("writes and minifies the production browser bundle as ES2017, keeping the CSS minifier", async () => {
    const config = await configFor("build-javascript");
    expect(config.target).toEqual(["web", "es2017"]);
    const [js, css] = (config.optimization as { minimizer: unknown[] }).minimizer;
    expect(js).toEqual({
      minifyJs: {
        terserOptions: {
          ecma: 2017,
          parse: { ecma: 2017 },
          compress: { ecma: 2017, passes: 2 },
          output: { ecma: 2017 },
        },
      },
    });
    expect(css).toEqual({ cssMinimizer: true });
  });

  it("has the production browser bundle evaluate CSS modules in its own compilation, with no child compilations", async () => {
    const browser = await configFor("build-javascript");
    const extractors = (browser.plugins as unknown[]).filter((plugin) => plugin instanceof MiniCssExtractPlugin);
    expect(extractors).toHaveLength(1);
    expect(extractors[0]!.options).toMatchObject({
      filename: "[name].[contenthash].css",
      experimentalUseImportModule: true,
    });
    const html = await configFor("build-html");
    expect(
      (html.plugins as { options?: unknown }[]).find((plugin) => plugin instanceof MiniCssExtractPlugin)?.options,
    ).not.toHaveProperty("experimentalUseImportModule", true);
  });

  it("names CSS-module classes short and alike in both production bundles, whatever the match resource", async () => {
    const browser = await configFor("build-javascript");
    const [modules, plain] = cssLoaders(browser);
    expect(plain!.options.modules).toBe(false);
    const { getLocalIdent, ...rest } = modules!.options.modules as Record<string, unknown>;
    expect(rest).toEqual(CSS_MODULE_OPTIONS);
    expect(getLocalIdent).toBe(shortClassName);
    expect(
      (cssLoaders(await configFor("build-html"))[0]!.options.modules as Record<string, unknown>).getLocalIdent,
    ).toBe(shortClassName);
    // Development keeps css-loader's readable names.
    expect(cssLoaders(await configFor("develop"))[0]!.options.modules).not.toHaveProperty("getLocalIdent");

    const resourcePath = path.join(ROOT, "src", "components", "layout", "nav-bar.module.css");
    const options = { context: ROOT, hashPrefix: "" };
    const name = shortClassName({ resourcePath }, CSS_MODULE_OPTIONS.localIdentName, "header", options);
    expect(name).toMatch(/^k[A-Za-z0-9_-]{6}$/);
    // Requested through importModule, the same file carries a match resource: the name stays.
    const imported = { resourcePath, _module: { matchResource: `${resourcePath}.webpack[javascript/auto]` } };
    expect(shortClassName(imported, CSS_MODULE_OPTIONS.localIdentName, "header", options)).toBe(name);
    expect(shortClassName({ resourcePath }, CSS_MODULE_OPTIONS.localIdentName, "brand", options)).not.toBe(name);
  });

  it("hands the HTML renderer the fallback faces and the browser bundles the toast stylesheet's URL", async () => {
    const html = await configFor("build-html");
    expect(html.plugins).toContainEqual({
      define: { [FONT_FALLBACK_GLOBAL]: expect.stringContaining("Outfit Fallback") },
    });
    const browser = await configFor("build-javascript");
    expect(browser.plugins).toContainEqual({
      define: { [TOAST_STYLESHEET_GLOBAL]: expect.stringMatching(/^"\/toastify-[0-9a-f]{20}\.css"$/) },
    });
  });
});

describe("the browser stand-ins (src/node/browser-stand-ins.ts)", () => {
  it("are swapped into the production browser bundle only", async () => {
    const replaced = async (stage: string): Promise<unknown[]> =>
      ((await configFor(stage)).plugins as { normalModuleReplacement?: RegExp }[])
        .filter((plugin) => plugin.normalModuleReplacement)
        .map((plugin) => plugin.normalModuleReplacement);
    // The scratch site has no stand-ins of its own (src/), so Gatsby's are all there is.
    expect(await replaced("build-javascript")).toEqual(GATSBY_STAND_INS.map(replacedPattern));
    expect(await replaced("develop")).toEqual([]);
  });
});
