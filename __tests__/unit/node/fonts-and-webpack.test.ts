/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FontMetrics } from "@capsizecss/core";
import type { CreateWebpackConfigArgs, Store } from "gatsby";
import * as fonts from "../../../src/node/fonts";
import { FONT_FILES, FONT_STACK, LATIN_FONT_FILE, LOCAL_FALLBACKS, fallbackFontFaces, publishFonts } from "../../../src/node/fonts";
import { FONT_FALLBACK_GLOBAL, configureWebpack } from "../../../src/node/webpack";

const ROOT = path.resolve(__dirname, "../../..");
const storeAt = (directory: string): Store => ({ getState: () => ({ program: { directory } }) }) as unknown as Store;

/**
 * The metrics capsize reads from the installed woff2. @capsizecss/unpack is an ES module only, which
 * Jest's CommonJS cannot load, so Node reads it in a child process, as the build does.
 */
function installedOutfitMetrics(): FontMetrics {
  const file = path.join(ROOT, FONT_FILES, LATIN_FONT_FILE);
  const script = `import { fromFile } from "@capsizecss/unpack/fs"; console.log(JSON.stringify(await fromFile(${JSON.stringify(file)})));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" })) as FontMetrics;
}

/** The declarations of the @font-face rule of `family` with `weight`, as a map. */
function face(css: string, family: string, weight: string): Record<string, string> {
  const rule = css.split("\n").find((line) => line.includes(`font-family: "${family}";`) && line.includes(`font-weight: ${weight};`));
  if (!rule) throw new Error(`no ${weight} face of ${family} in:\n${css}`);
  const body = rule.slice(rule.indexOf("{") + 1, rule.lastIndexOf("}"));
  return Object.fromEntries(
    body
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => [declaration.slice(0, declaration.indexOf(":")).trim(), declaration.slice(declaration.indexOf(":") + 1).trim()]),
  );
}

const percent = (value: string | undefined): number => Number.parseFloat(value ?? "NaN");

describe("publishFonts", () => {
  it("copies the installed font files to public/fonts/ under their own names", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "fonts-"));
    await mkdir(path.join(site, FONT_FILES), { recursive: true });
    await writeFile(path.join(site, FONT_FILES, "outfit-latin-wght-normal.woff2"), "font bytes");
    await publishFonts({ store: storeAt(site) });
    expect(await readFile(path.join(site, "public", "fonts", "outfit-latin-wght-normal.woff2"), "utf8")).toBe("font bytes");
  });

  it("reads them from the installed @fontsource-variable/outfit package", async () => {
    await expect(readFile(path.join(ROOT, FONT_FILES, LATIN_FONT_FILE))).resolves.toBeInstanceOf(Buffer);
  });
});

describe("fallbackFontFaces", () => {
  const outfit = installedOutfitMetrics();
  const css = fallbackFontFaces(outfit);

  it("reads Outfit's own vertical metrics from the woff2", () => {
    expect(outfit).toMatchObject({ unitsPerEm: 1000, ascent: 1000, descent: -260, lineGap: 0 });
  });

  it("gives the regular Arial face Outfit's line metrics and average width", () => {
    const regular = face(css, "Outfit Fallback", "100 500");
    // Outfit: ascent 1000, descent 260, gap 0 per 1000 units; Arial's average width is 913/2048.
    const sizeAdjust = outfit.xWidthAvg / outfit.unitsPerEm / (913 / 2048);
    expect(percent(regular["size-adjust"])).toBeCloseTo(sizeAdjust * 100, 2);
    expect(percent(regular["ascent-override"])).toBeCloseTo(100 / sizeAdjust, 2);
    expect(percent(regular["descent-override"])).toBeCloseTo(26 / sizeAdjust, 2);
    expect(regular["line-gap-override"]).toBe("0%");
    expect(regular.src).toBe('local("Arial"), local("ArialMT"), local("Helvetica"), local("Liberation Sans"), local("LiberationSans")');
  });

  it("sizes the bold faces from Outfit Bold's width, which a regular face with a synthetic bold would miss by 4%", () => {
    const bold = face(css, "Outfit Fallback", "600 900");
    // Outfit Bold averages 461 of 1000; Arial Bold 983 of 2048.
    expect(percent(bold["size-adjust"])).toBeCloseTo((0.461 / (983 / 2048)) * 100, 2);
    expect(bold.src).toContain('local("Liberation Sans Bold")');
    const robotoBold = face(css, "Outfit Fallback Roboto", "600 900");
    expect(percent(robotoBold["size-adjust"])).toBeCloseTo((0.461 / (926 / 2048)) * 100, 2);
  });

  it("writes one rule per line for every fallback family, and the font stack lists them after Outfit", async () => {
    expect(css.split("\n")).toHaveLength(LOCAL_FALLBACKS.length * 2);
    expect(FONT_STACK).toBe('"Outfit Variable", "Outfit Fallback", "Outfit Fallback Roboto", sans-serif');
    const globalCss = await readFile(path.join(ROOT, "src", "styles", "global.css"), "utf8");
    expect(globalCss).toContain(`--font-body: ${FONT_STACK};`);
  });
});

/** A stand-in for Gatsby's own configuration of a stage, as getConfig returns it. */
const gatsbyConfig = (): Record<string, unknown> => ({
  output: { path: "/site/public", publicPath: "/" },
  devtool: "source-map",
  plugins: [{ gatsbys: true }],
});

const fakePlugins = {
  define: (definitions: Record<string, string>) => ({ define: definitions }),
  sourceMapDevTool: (options: Record<string, unknown>) => ({ sourceMapDevTool: options }),
} as unknown as CreateWebpackConfigArgs["plugins"];

/** The configuration configureWebpack puts back for `stage`, in a scratch site. */
async function configFor(stage: string, plugins = fakePlugins): Promise<Record<string, unknown>> {
  const replaceWebpackConfig = jest.fn();
  const setWebpackConfig = jest.fn();
  const site = await mkdtemp(path.join(tmpdir(), "webpack-"));
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
  // The faces themselves are tested above; Jest cannot load the ES-module font reader.
  beforeEach(() => {
    jest.spyOn(fonts, "fallbackFontFacesFor").mockImplementation(async () => fallbackFontFaces(installedOutfitMetrics()));
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
    expect(config.plugins).toContainEqual({ sourceMapDevTool: { filename: "../.cache/source-maps/[file].map", append: false } });
  });

  it("leaves the other stages' source maps as Gatsby sets them", async () => {
    const config = await configFor("build-html");
    expect(config.devtool).toBe("source-map");
    expect(JSON.stringify(config.plugins)).not.toContain("sourceMapDevTool");
  });

  it("hands the HTML renderer the fallback faces", async () => {
    const html = await configFor("build-html");
    expect(html.plugins).toContainEqual({ define: { [FONT_FALLBACK_GLOBAL]: expect.stringContaining("Outfit Fallback") } });
    expect(JSON.stringify((await configFor("build-javascript")).plugins)).not.toContain("Outfit Fallback");
  });
});
