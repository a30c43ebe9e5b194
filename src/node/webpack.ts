import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "../lib/constants";
import { browserStandIns } from "./browser-stand-ins";
import { ChunkModulesPlugin } from "./chunk-modules";
import { CompileHintPlugin } from "./compile-hint";
import { fallbackFontFacesFor } from "./fonts";
import { CSS_EXTRACT_IN_PROCESS, extractingCssInProcess } from "../../plugins/gatsby-internals/css-extract";
import {
  CSS_MODULE_NAMING,
  shortClassName,
  withCssModuleNaming,
} from "../../plugins/gatsby-internals/css-module-naming";
import { OUTPUT_ECMA_VERSION, TERSER_ES2017, minimizersWritingEs2017 } from "../../plugins/gatsby-internals/terser";
import { mayUse } from "../../plugins/gatsby-internals/versions";
import { SITE_ICONS_GLOBAL, siteIcons } from "./site-icons";
import { siteDir, siteMetadataOf } from "./output-files";
import { TOAST_STYLESHEET_GLOBAL, publishToastStylesheet } from "./toast-stylesheet";

/**
 * Where the source maps of the browser bundles go: kept beside the build for debugging (a stack
 * trace from production resolves against them), never published. Relative to the site's folder.
 */
export const SOURCE_MAP_DIR = path.join(".cache", "source-maps");

/** The global through which gatsby-ssr.tsx receives the fallback @font-face rules. */
export const FONT_FALLBACK_GLOBAL = "__FONT_FALLBACK_FACES__";

/**
 * The global through which packages/article/src/inline-sanitizer.ts learns the site's configured address (siteMetadata's
 * siteUrl) in every bundle, the browser's included, where process.env has no SITE_URL.
 */
export const SITE_URL_GLOBAL = "__SITE_URL__";

/**
 * The search's code in one chunk of its own, loaded with the first search. Left to webpack's
 * defaults, the piece format (packages/article/src/search-pieces.ts) shared a chunk with the live list's
 * code and its libraries: the first search fetched 30.9 kB, compressed, for 2 kB of search.
 */
export function withSearchChunk(optimization: WebpackConfig["optimization"]): WebpackConfig["optimization"] {
  const splitChunks = optimization?.splitChunks;
  if (!splitChunks) return optimization;
  return {
    ...optimization,
    splitChunks: {
      ...splitChunks,
      cacheGroups: {
        ...splitChunks.cacheGroups,
        search: {
          // The site's search modules, and the piece format they read, which lives in the article core.
          test: /[\\/](?:src[\\/]lib[\\/]search(?:-query|-results)?|packages[\\/]article[\\/]src[\\/]search-pieces)\.ts$/,
          chunks: "async",
          name: "search",
          enforce: true,
          priority: 100,
        },
      },
    },
  };
}

type WebpackArgs = Pick<CreateWebpackConfigArgs, "actions" | "stage" | "plugins" | "store" | "getConfig" | "reporter">;

/** The parts of a webpack configuration changed here. */
interface WebpackConfig {
  output?: Record<string, unknown>;
  plugins?: unknown[];
  devtool?: string | false;
  target?: string | string[];
  optimization?: { minimizer?: unknown[]; splitChunks?: false | { cacheGroups?: Record<string, unknown> } };
  module?: { rules?: unknown[] };
}

/**
 * onCreateWebpackConfig. Gatsby's setWebpackConfig drops `output` and `target`, so the stage's
 * whole configuration is read, changed and put back:
 * - slow mobile networks get 120 s to load a code-split chunk before webpack gives up;
 * - the HTML renderer (build-html, develop-html) gets the metric-matched fallback @font-face rules,
 *   computed here from the font file, as a constant that gatsby-ssr.tsx writes into every page's head;
 * - the browser bundles (build-javascript, develop) get the URL of the toast stylesheet, published
 *   here;
 * - every bundle gets the site's configured address (SITE_URL_GLOBAL);
 * - the HTML renderer of a production build gets the icons the head links (site-icons.ts): the
 *   favicon inline and the Apple touch icon's versioned name;
 * - the browser bundles' source maps are written to .cache/source-maps/ instead of public/. Gatsby 5
 *   builds the browser bundles (stage build-javascript) with `devtool: "source-map"`, which puts a
 *   .map beside every chunk and a sourceMappingURL comment in it: no visitor fetches them, and they
 *   would publish the full sources. The same maps are made by the SourceMapDevToolPlugin, with no
 *   comment in the chunks;
 * - the scripts that run as a page starts ask V8 to compile them as they download (CompileHintPlugin);
 * - the production browser bundle runs the stand-ins of browser-stand-ins.ts: for the site's modules
 *   whose work the HTML renderer has done, and for the parts of Gatsby's runtime the site never runs
 *   and the list of every page's path (these behind the version guard of internals/); the build
 *   lists the site's modules in each script (chunk-modules.ts) for the budget test.
 * And, through the pieces of internals/ that recognise the versions they were written for (each
 * skipped with a warning on another):
 * - the production browser bundle is written, and minified, as ES2017 rather than ES5 (terser.ts);
 * - the production browser bundle's CSS modules are evaluated in the compilation itself
 *   (css-extract.ts), so that a warm build's compilation hash matches the cold build's;
 * - both production bundles name CSS-module classes short, and alike (css-module-naming.ts).
 */
export async function configureWebpack({
  actions,
  stage,
  plugins,
  store,
  getConfig,
  reporter,
}: WebpackArgs): Promise<void> {
  const root = siteDir(store);
  const gatsbys = getConfig() as WebpackConfig;
  const config: WebpackConfig & { plugins: unknown[] } = {
    ...gatsbys,
    output: { ...gatsbys.output, chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS },
    plugins: [...(gatsbys.plugins ?? [])],
  };
  const { siteUrl } = siteMetadataOf(store);
  if (typeof siteUrl === "string") config.plugins.push(plugins.define({ [SITE_URL_GLOBAL]: JSON.stringify(siteUrl) }));
  if (stage === "build-html" || stage === "develop-html") {
    config.plugins.push(plugins.define({ [FONT_FALLBACK_GLOBAL]: JSON.stringify(await fallbackFontFacesFor(root)) }));
  }
  // The icons are the same on every page: gatsby-ssr.tsx links them, outside react-helmet, so the
  // browser bundle never carries them.
  if (stage === "build-html") {
    config.plugins.push(plugins.define({ [SITE_ICONS_GLOBAL]: JSON.stringify(await siteIcons(root)) }));
  }
  if (stage === "build-javascript" || stage === "develop") {
    config.plugins.push(
      plugins.define({ [TOAST_STYLESHEET_GLOBAL]: JSON.stringify(await publishToastStylesheet(root)) }),
    );
  }
  if ((stage === "build-javascript" || stage === "build-html") && mayUse(CSS_MODULE_NAMING, reporter)) {
    config.module = {
      ...gatsbys.module,
      rules: withCssModuleNaming(gatsbys.module?.rules, shortClassName) as unknown[],
    };
  }
  if (stage === "build-javascript") {
    config.plugins.push(...browserStandIns(root, plugins, reporter));
    if (mayUse(TERSER_ES2017, reporter)) {
      config.target = ["web", `es${OUTPUT_ECMA_VERSION}`];
      config.optimization = {
        ...gatsbys.optimization,
        minimizer: minimizersWritingEs2017(gatsbys.optimization?.minimizer ?? [], plugins),
      };
    }
    if (mayUse(CSS_EXTRACT_IN_PROCESS, reporter)) config.plugins = config.plugins.map(extractingCssInProcess);
    config.plugins.push(new CompileHintPlugin());
    config.optimization = withSearchChunk(config.optimization ?? gatsbys.optimization);
    config.plugins.push(new ChunkModulesPlugin(root));
    // webpack names the map relative to its output folder (public/), so "../.cache/…" leaves it.
    const fromPublic = path.relative(path.join(root, "public"), path.join(root, SOURCE_MAP_DIR));
    config.devtool = false;
    config.plugins.push(
      plugins.sourceMapDevTool({ filename: `${fromPublic.split(path.sep).join("/")}/[file].map`, append: false }),
    );
  }
  actions.replaceWebpackConfig(config);
}
