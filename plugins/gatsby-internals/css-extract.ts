import type { InternalsPiece } from "./versions";

/** The piece, for the version guard: it remakes the extractor Gatsby made, from its kept options. */
export const CSS_EXTRACT_IN_PROCESS: InternalsPiece = {
  what: "evaluating CSS modules inside the main compilation (mini-css-extract-plugin's experimentalUseImportModule)",
  packageName: "mini-css-extract-plugin",
  writtenFor: ["1"],
  resolvedFrom: "gatsby",
};

/** The CSS extractor as Gatsby makes it: mini-css-extract-plugin, whose options the constructor keeps. */
interface CssExtractor {
  options: Record<string, unknown>;
  constructor: new (options: Record<string, unknown>) => unknown;
}

const isCssExtractor = (plugin: unknown): plugin is CssExtractor =>
  typeof plugin === "object" &&
  plugin !== null &&
  plugin.constructor.name === "MiniCssExtractPlugin" &&
  "options" in plugin;

/**
 * The CSS extractor, made again with the same options to evaluate each stylesheet module inside the
 * main compilation (webpack's importModule) instead of in a child compilation of its own.
 *
 * Why: webpack mixes the hashes of child compilations into the compilation hash. A cold build runs
 * one child per CSS module; the next build takes those modules from webpack's persistent cache and
 * runs none, so its hash differs although every file it emits is the same. Gatsby writes that hash
 * into the scripts slice that every page includes, sees the slice change, and stitches every page
 * again, so the first build after a cold one rewrote and post-processed every page. With no
 * children, the hash depends on the output alone.
 */
export function extractingCssInProcess(plugin: unknown): unknown {
  if (!isCssExtractor(plugin)) return plugin;
  return new plugin.constructor({ ...plugin.options, experimentalUseImportModule: true });
}
