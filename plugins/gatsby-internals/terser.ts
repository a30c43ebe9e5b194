import type { CreateWebpackConfigArgs } from "gatsby";
import type { InternalsPiece } from "./versions";

/** The piece, for the version guard: it finds Gatsby's minimizer by its class name. */
export const TERSER_ES2017: InternalsPiece = {
  what: "minifying the browser bundle as ES2017 (terser-webpack-plugin)",
  packageName: "terser-webpack-plugin",
  writtenFor: ["5"],
  resolvedFrom: "gatsby",
};

/**
 * The ECMAScript version the production browser bundle is written in. Gatsby's default browsers
 * ("supports es6-module") all run ES2017; Gatsby still has webpack and Terser write ES5, which
 * spells its runtime and every minified chunk the long way.
 */
export const OUTPUT_ECMA_VERSION = 2017;

/** Gatsby's minimizers, with its Terser made again to read and write OUTPUT_ECMA_VERSION. */
export function minimizersWritingEs2017(
  minimizers: unknown[],
  plugins: Pick<CreateWebpackConfigArgs["plugins"], "minifyJs">,
): unknown[] {
  const ecma = OUTPUT_ECMA_VERSION;
  return minimizers.map((minimizer) =>
    (minimizer as object).constructor.name === "TerserPlugin"
      ? plugins.minifyJs({ terserOptions: { ecma, parse: { ecma }, compress: { ecma, passes: 2 }, output: { ecma } } })
      : minimizer,
  );
}
