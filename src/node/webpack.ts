import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "../lib/constants";
import { fallbackFontFacesFor } from "./fonts";
import { siteDir } from "./site-paths";

/**
 * Where the source maps of the browser bundles go: kept beside the build for debugging (a stack
 * trace from production resolves against them), never published. Relative to the site's folder.
 */
export const SOURCE_MAP_DIR = path.join(".cache", "source-maps");

/** The global through which gatsby-ssr.tsx receives the fallback @font-face rules. */
export const FONT_FALLBACK_GLOBAL = "__FONT_FALLBACK_FACES__";

/**
 * Modules of Gatsby's browser runtime that this site never runs, replaced in the production browser
 * bundle by src/lib/gatsby-runtime-stub.ts (which says why each is unused).
 */
export const UNUSED_GATSBY_MODULES = [
  /[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
  /[\\/]\.cache[\\/]register-service-worker\.js$/,
  /[\\/]\.cache[\\/]head[\\/]head-export-handler-for-browser\.js$/,
];

/** What stands in for them, relative to the site. */
export const GATSBY_RUNTIME_STUB = path.join("src", "lib", "gatsby-runtime-stub.ts");

/** The global through which Toasts.tsx learns the URL of the toast stylesheet. */
export const TOAST_STYLESHEET_GLOBAL = "__TOAST_STYLESHEET__";

/**
 * The global through which src/lib/sanitize.ts learns the site's configured address (siteMetadata's
 * siteUrl) in every bundle, the browser's included, where process.env has no SITE_URL.
 */
export const SITE_URL_GLOBAL = "__SITE_URL__";

/** The toast library's stylesheet and the site's changes to it, relative to the site. */
export const TOAST_STYLE_SOURCES = [
  path.join("node_modules", "react-toastify", "dist", "ReactToastify.css"),
  path.join("src", "components", "layout", "toasts.css"),
];

/**
 * Writes the toast stylesheet (the library's, then the site's changes) into public/ under a name
 * with its content hash, which the hosting rules cache for a year; returns its URL. Imported by a
 * component, the CSS would instead be inlined into every page: Gatsby puts all CSS, lazy or not,
 * into the one global stylesheet.
 */
export async function publishToastStylesheet(root: string): Promise<string> {
  const css = (await Promise.all(TOAST_STYLE_SOURCES.map((file) => readFile(path.join(root, file), "utf8")))).join("\n");
  const name = `toastify-${createHash("sha256").update(css).digest("hex").slice(0, 20)}.css`;
  await mkdir(path.join(root, "public"), { recursive: true });
  await writeFile(path.join(root, "public", name), css);
  return `/${name}`;
}

type WebpackArgs = Pick<CreateWebpackConfigArgs, "actions" | "stage" | "plugins" | "store" | "getConfig">;

/** The parts of a webpack configuration changed here. */
interface WebpackConfig {
  output?: Record<string, unknown>;
  plugins?: unknown[];
  devtool?: string | false;
  target?: string | string[];
  optimization?: { minimizer?: unknown[] };
}

/**
 * The ECMAScript version the production browser bundle is written in. Gatsby's default browsers
 * ("supports es6-module") all run ES2017; Gatsby still has webpack and Terser write ES5, which
 * spells its runtime and every minified chunk the long way.
 */
export const OUTPUT_ECMA_VERSION = 2017;

/**
 * onCreateWebpackConfig. Gatsby's setWebpackConfig drops `output` and `target`, so the stage's
 * whole configuration is read, changed and put back:
 * - slow mobile networks get 120 s to load a code-split chunk before webpack gives up;
 * - the HTML renderer (build-html, develop-html) gets the metric-matched fallback @font-face rules,
 *   computed here from the font file, as a constant that gatsby-ssr.tsx writes into every page's head;
 * - the browser bundles (build-javascript, develop) get the URL of the toast stylesheet, published
 *   here;
 * - every bundle gets the site's configured address (SITE_URL_GLOBAL);
 * - the production browser bundle leaves out the parts of Gatsby's runtime the site never runs
 *   (UNUSED_GATSBY_MODULES), and is written, and minified, as ES2017 rather than ES5;
 * - the browser bundles' source maps are written to .cache/source-maps/ instead of public/. Gatsby 5
 *   builds the browser bundles (stage build-javascript) with `devtool: "source-map"`, which puts a
 *   .map beside every chunk and a sourceMappingURL comment in it: no visitor fetches them, and they
 *   would publish the full sources. The same maps are made by the SourceMapDevToolPlugin, with no
 *   comment in the chunks.
 */
export async function configureWebpack({ actions, stage, plugins, store, getConfig }: WebpackArgs): Promise<void> {
  const root = siteDir(store);
  const gatsbys = getConfig() as WebpackConfig;
  const config: WebpackConfig & { plugins: unknown[] } = {
    ...gatsbys,
    output: { ...gatsbys.output, chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS },
    plugins: [...(gatsbys.plugins ?? [])],
  };
  const { config: siteConfig } = store.getState() as { config?: { siteMetadata?: { siteUrl?: unknown } } };
  const siteUrl = siteConfig?.siteMetadata?.siteUrl;
  if (typeof siteUrl === "string") config.plugins.push(plugins.define({ [SITE_URL_GLOBAL]: JSON.stringify(siteUrl) }));
  if (stage === "build-html" || stage === "develop-html") {
    config.plugins.push(plugins.define({ [FONT_FALLBACK_GLOBAL]: JSON.stringify(await fallbackFontFacesFor(root)) }));
  }
  if (stage === "build-javascript" || stage === "develop") {
    config.plugins.push(plugins.define({ [TOAST_STYLESHEET_GLOBAL]: JSON.stringify(await publishToastStylesheet(root)) }));
  }
  if (stage === "build-javascript") {
    const stub = path.join(root, GATSBY_RUNTIME_STUB);
    for (const pattern of UNUSED_GATSBY_MODULES) config.plugins.push(plugins.normalModuleReplacement(pattern, stub));
    config.target = ["web", `es${OUTPUT_ECMA_VERSION}`];
    const ecma = OUTPUT_ECMA_VERSION;
    config.optimization = {
      ...gatsbys.optimization,
      minimizer: (gatsbys.optimization?.minimizer ?? []).map((minimizer) =>
        (minimizer as object).constructor.name === "TerserPlugin"
          ? plugins.minifyJs({ terserOptions: { ecma, parse: { ecma }, compress: { ecma, passes: 2 }, output: { ecma } } })
          : minimizer,
      ),
    };
    // webpack names the map relative to its output folder (public/), so "../.cache/…" leaves it.
    const fromPublic = path.relative(path.join(root, "public"), path.join(root, SOURCE_MAP_DIR));
    config.devtool = false;
    config.plugins.push(plugins.sourceMapDevTool({ filename: `${fromPublic.split(path.sep).join("/")}/[file].map`, append: false }));
  }
  actions.replaceWebpackConfig(config);
}
