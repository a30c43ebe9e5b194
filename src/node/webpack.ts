import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreateWebpackConfigArgs } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "../lib/constants";
import { fallbackFontFacesFor } from "./fonts";
import { siteDir, siteMetadataOf } from "./site-paths";

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

/**
 * Gatsby's list of every page that lies inside another page's match path, which the browser runtime
 * imports by this request; in the production browser bundle it is replaced, before it is resolved
 * (so that the replacement is compiled as the TypeScript it is, not parsed as JSON), by
 * DOCUMENT_MATCH_PATHS, which says why the list is not needed.
 */
export const GATSBY_MATCH_PATHS = /^\$virtual\/match-paths\.json$/;

/** The replacement, relative to the site. */
export const DOCUMENT_MATCH_PATHS = path.join("src", "lib", "document-match-paths.ts");

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

/** The CSS extractor as Gatsby makes it: mini-css-extract-plugin, whose options the constructor keeps. */
interface CssExtractor {
  options: Record<string, unknown>;
  constructor: new (options: Record<string, unknown>) => unknown;
}

const isCssExtractor = (plugin: unknown): plugin is CssExtractor =>
  typeof plugin === "object" && plugin !== null && plugin.constructor.name === "MiniCssExtractPlugin" && "options" in plugin;

/**
 * The CSS extractor, made again with the same options to evaluate each stylesheet module inside the
 * main compilation (webpack's importModule) instead of in a child compilation of its own.
 *
 * Why: webpack mixes the hashes of child compilations into the compilation hash. A cold build runs
 * one child per CSS module; the next build takes those modules from webpack's persistent cache and
 * runs none, so its hash differs although every file it emits is the same. Gatsby writes that hash
 * into the scripts slice that every page includes, sees the slice change, and stitches every page
 * again: at 10,000 articles, the first build after a cold one rewrote all 11,674 HTML files and
 * post-processed them all. With no children, the hash depends on the output alone.
 */
export function extractingCssInProcess(plugin: unknown): unknown {
  if (!isCssExtractor(plugin)) return plugin;
  return new plugin.constructor({ ...plugin.options, experimentalUseImportModule: true });
}

/** How css-loader names a CSS module's class (its `modules.getLocalIdent` option). */
export type GetLocalIdent = (
  loaderContext: { resourcePath: string },
  localIdentName: string,
  localName: string,
  options: { context: string; hashPrefix?: string },
) => string;

/** How long the hashed part of a production class name is: 36 bits, so the site's ~120 classes never meet. */
export const CLASS_HASH_LENGTH = 6;

/**
 * The production name of a CSS-module class: "k" and six characters of a hash of the file's path
 * from the naming context and the class's local name. css-loader's default,
 * `[name]--[local]--[hash]`, spells the file and the class out ("nav-bar-module--header--b4614"):
 * 340 of them in an article page made up 10.7 kB of its 50 kB and 1.1 kB once compressed, enough
 * to push the document past the first round trip's 14 kB. Development keeps the readable names.
 *
 * The name depends on the file and the class alone. Evaluated through importModule, a stylesheet
 * is requested as `<file>.webpack[javascript/auto]!=!<loaders>!<file>`, and css-loader's default
 * mixes that match resource into the hash; the HTML renderer reads the file directly, so the two
 * would name the same class differently. Hashing the path and the local name only keeps the
 * browser bundle, the HTML renderer and the stylesheet the pages inline in agreement.
 */
export const shortClassName: GetLocalIdent = (loaderContext, _localIdentName, localName, options) => {
  const file = path.relative(options.context, loaderContext.resourcePath).split(path.sep).join("/");
  const digest = createHash("sha256").update(`${options.hashPrefix ?? ""}${file}\x00${localName}`).digest("base64url");
  return `k${digest.slice(0, CLASS_HASH_LENGTH)}`;
};

interface LoaderEntry {
  loader?: unknown;
  options?: { modules?: unknown };
}

const CSS_LOADER = /[\\/]css-loader[\\/]dist[\\/]cjs\.js$/;

/** The rules, with every css-loader entry that builds CSS modules given `getLocalIdent`. */
export function withCssModuleNaming(rules: unknown, getLocalIdent: GetLocalIdent): unknown {
  if (Array.isArray(rules)) return rules.map((rule) => withCssModuleNaming(rule, getLocalIdent));
  if (typeof rules !== "object" || rules === null) return rules;
  const entry = rules as LoaderEntry & Record<string, unknown>;
  const modules = entry.options?.modules;
  if (typeof entry.loader === "string" && CSS_LOADER.test(entry.loader) && typeof modules === "object" && modules !== null) {
    return { ...entry, options: { ...entry.options, modules: { ...modules, getLocalIdent } } };
  }
  const copy: Record<string, unknown> = { ...entry };
  for (const key of ["rules", "oneOf", "use"]) if (key in copy) copy[key] = withCssModuleNaming(copy[key], getLocalIdent);
  return copy;
}

/**
 * V8's compile hint for a whole file (Chrome 136 on; other engines read a comment): compile every
 * function in it right away. Without it, V8 compiles a function when it is first called, on the
 * main thread, and a webpack chunk is a list of functions, one per module, that all run while the
 * page starts. With it, V8 compiles them while the file downloads, on a background thread.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The chunks whose every module runs as a page starts: webpack's and Gatsby's runtimes, React, the layout, the page templates. */
const STARTUP_CHUNKS = new Set(["webpack-runtime", "framework", "app", "commons"]);
export const isStartupChunk = (name: string | null | undefined): boolean =>
  (name != null && STARTUP_CHUNKS.has(name)) || Boolean(name?.startsWith("component---"));

interface CompilerLike {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number };
    sources: { ConcatSource: new (...sources: unknown[]) => unknown };
  };
  hooks: { thisCompilation: { tap(name: string, callback: (compilation: CompilationLike) => void): void } };
}
interface CompilationLike {
  chunks: Iterable<{ name?: string | null; files: Iterable<string> }>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void } };
  updateAsset(file: string, update: (source: unknown) => unknown): void;
}

/**
 * Puts COMPILE_HINT at the top of each startup chunk's script, once it is minified (the minifier
 * drops comments) and before its source map is made (which then counts the added line).
 */
export class CompileHintPlugin {
  apply(compiler: CompilerLike): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHintPlugin", (compilation) => {
      compilation.hooks.processAssets.tap({ name: "CompileHintPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!isStartupChunk(chunk.name)) continue;
          for (const file of chunk.files) {
            if (file.endsWith(".js")) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}

type WebpackArgs = Pick<CreateWebpackConfigArgs, "actions" | "stage" | "plugins" | "store" | "getConfig">;

/** The parts of a webpack configuration changed here. */
interface WebpackConfig {
  output?: Record<string, unknown>;
  plugins?: unknown[];
  devtool?: string | false;
  target?: string | string[];
  optimization?: { minimizer?: unknown[] };
  module?: { rules?: unknown[] };
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
 *   (UNUSED_GATSBY_MODULES) and the list of every page's path (GATSBY_MATCH_PATHS), and is
 *   written, and minified, as ES2017 rather than ES5;
 * - the browser bundles' source maps are written to .cache/source-maps/ instead of public/. Gatsby 5
 *   builds the browser bundles (stage build-javascript) with `devtool: "source-map"`, which puts a
 *   .map beside every chunk and a sourceMappingURL comment in it: no visitor fetches them, and they
 *   would publish the full sources. The same maps are made by the SourceMapDevToolPlugin, with no
 *   comment in the chunks;
 * - the production browser bundle's CSS modules are evaluated in the compilation itself
 *   (extractingCssInProcess), so that a warm build's compilation hash matches the cold build's;
 * - both production bundles name CSS-module classes short, and alike (shortClassName);
 * - the scripts that run as a page starts ask V8 to compile them as they download (CompileHintPlugin).
 */
export async function configureWebpack({ actions, stage, plugins, store, getConfig }: WebpackArgs): Promise<void> {
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
  if (stage === "build-javascript" || stage === "develop") {
    config.plugins.push(plugins.define({ [TOAST_STYLESHEET_GLOBAL]: JSON.stringify(await publishToastStylesheet(root)) }));
  }
  if (stage === "build-javascript" || stage === "build-html") {
    config.module = { ...gatsbys.module, rules: withCssModuleNaming(gatsbys.module?.rules, shortClassName) as unknown[] };
  }
  if (stage === "build-javascript") {
    const stub = path.join(root, GATSBY_RUNTIME_STUB);
    for (const pattern of UNUSED_GATSBY_MODULES) config.plugins.push(plugins.normalModuleReplacement(pattern, stub));
    config.plugins.push(plugins.normalModuleReplacement(GATSBY_MATCH_PATHS, path.join(root, DOCUMENT_MATCH_PATHS)));
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
    config.plugins = config.plugins.map(extractingCssInProcess);
    config.plugins.push(new CompileHintPlugin());
    const fromPublic = path.relative(path.join(root, "public"), path.join(root, SOURCE_MAP_DIR));
    config.devtool = false;
    config.plugins.push(plugins.sourceMapDevTool({ filename: `${fromPublic.split(path.sep).join("/")}/[file].map`, append: false }));
  }
  actions.replaceWebpackConfig(config);
}
