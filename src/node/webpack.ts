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

type WebpackArgs = Pick<CreateWebpackConfigArgs, "actions" | "stage" | "plugins" | "store" | "getConfig">;

/** The parts of a webpack configuration changed here. */
interface WebpackConfig {
  output?: Record<string, unknown>;
  plugins?: unknown[];
  devtool?: string | false;
}

/**
 * onCreateWebpackConfig. Gatsby's setWebpackConfig drops `output` and `target`, so the stage's
 * whole configuration is read, changed and put back:
 * - slow mobile networks get 120 s to load a code-split chunk before webpack gives up;
 * - the HTML renderer (build-html, develop-html) gets the metric-matched fallback @font-face rules,
 *   computed here from the font file, as a constant that gatsby-ssr.tsx writes into every page's head;
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
  if (stage === "build-html" || stage === "develop-html") {
    config.plugins.push(plugins.define({ [FONT_FALLBACK_GLOBAL]: JSON.stringify(await fallbackFontFacesFor(root)) }));
  }
  if (stage === "build-javascript") {
    // webpack names the map relative to its output folder (public/), so "../.cache/…" leaves it.
    const fromPublic = path.relative(path.join(root, "public"), path.join(root, SOURCE_MAP_DIR));
    config.devtool = false;
    config.plugins.push(plugins.sourceMapDevTool({ filename: `${fromPublic.split(path.sep).join("/")}/[file].map`, append: false }));
  }
  actions.replaceWebpackConfig(config);
}
