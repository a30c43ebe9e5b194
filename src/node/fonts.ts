import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import type { ParentSpanPluginArgs } from "gatsby";
import { createFontStack, type FontMetrics } from "@capsizecss/core";
import arial from "@capsizecss/metrics/arial";
import arialBold from "@capsizecss/metrics/arial/700";
import outfitBold from "@capsizecss/metrics/outfit/700";
import roboto from "@capsizecss/metrics/roboto";
import robotoBold from "@capsizecss/metrics/roboto/700";
import { siteDir } from "./output-files";

/** Where the variable Outfit font files are installed, relative to the site. */
export const FONT_FILES = path.join("node_modules", "@fontsource-variable", "outfit", "files");

/** The file of the latin subset, the one every page uses; its metrics are the font's metrics. */
export const LATIN_FONT_FILE = "outfit-latin-wght-normal.woff2";

/** The family name of the metric-matched stand-in, which global.css puts right after Outfit. */
export const FALLBACK_FAMILY = "Outfit Fallback";

/**
 * onPreBootstrap: publishes the font files under /fonts/, the stable URLs that global.css uses
 * (webpack would otherwise give them hashed names; the hosting rules cache them for a year).
 */
export async function publishFonts({ store }: Pick<ParentSpanPluginArgs, "store">): Promise<void> {
  const root = siteDir(store);
  await cp(path.join(root, FONT_FILES), path.join(root, "public", "fonts"), { recursive: true });
}

/** A local font family that can stand in for Outfit, in its regular and bold weights. */
interface LocalFallback {
  /** The family name the site's font stack uses for it. */
  family: string;
  regular: { metrics: FontMetrics; local: string[] };
  bold: { metrics: FontMetrics; local: string[] };
}

/**
 * The local fonts the fallback faces stand on, found by full and PostScript name, in the order of
 * the font stack: Arial (Windows, macOS), Helvetica (macOS, iOS; Arial's widths) and Liberation Sans
 * (Linux; metric-compatible with Arial) share one family; Android has none of them but Roboto, whose
 * bold is narrower than Arial's, so Roboto gets a family of its own.
 */
export const LOCAL_FALLBACKS: LocalFallback[] = [
  {
    family: FALLBACK_FAMILY,
    regular: { metrics: arial, local: ["Arial", "ArialMT", "Helvetica", "Liberation Sans", "LiberationSans"] },
    bold: {
      metrics: arialBold,
      local: [
        "Arial Bold",
        "Arial-BoldMT",
        "Helvetica Bold",
        "Helvetica-Bold",
        "Liberation Sans Bold",
        "LiberationSans-Bold",
      ],
    },
  },
  {
    family: `${FALLBACK_FAMILY} Roboto`,
    regular: { metrics: roboto, local: ["Roboto", "Roboto Regular", "Roboto-Regular"] },
    bold: { metrics: robotoBold, local: ["Roboto Bold", "Roboto-Bold"] },
  },
];

/** The web font's family name, as global.css declares it. */
export const WEB_FONT_FAMILY = "Outfit Variable";

/** The value of the font-family property: Outfit, its fallback families, then the generic family. */
export const FONT_STACK = [
  `"${WEB_FONT_FAMILY}"`,
  ...LOCAL_FALLBACKS.map(({ family }) => `"${family}"`),
  "sans-serif",
].join(", ");

/** The font's vertical metrics and average width, read from its file by capsize. */
export async function readFontMetrics(file: string): Promise<FontMetrics> {
  // An ES module only (the Jest and Gatsby compilers turn a static import into require).
  const { fromBuffer } = await import("@capsizecss/unpack");
  return fromBuffer(await readFile(file));
}

/** One @font-face rule on one line: capsize's overrides for `outfit` over `fallback`, with our names. */
function fontFace(outfit: FontMetrics, fallback: FontMetrics, family: string, local: string[], weight: string): string {
  const { fontFaces } = createFontStack([{ ...outfit, familyName: WEB_FONT_FAMILY }, fallback], {
    fontFaceFormat: "styleString",
    fontFaceProperties: { fontWeight: weight, fontStyle: "normal" },
  });
  // capsize names the face after its fallback ("Outfit Variable Fallback: Arial") and takes its src
  // from the one font it was given; here one family lists every local stand-in.
  return fontFaces
    .replace(/font-family: [^;]*;/, `font-family: "${family}";`)
    .replace(/src: [^;]*;/, `src: ${local.map((name) => `local("${name}")`).join(", ")};`)
    .replace(/\s*\n\s*/g, " ");
}

/**
 * The @font-face rules of the fallback families: a local font scaled and given Outfit's ascent,
 * descent and line gap, so text set in the fallback takes the same room as in Outfit and nothing
 * moves when Outfit arrives (font-display: swap).
 *
 * Each family has two faces, because bold widths differ more between the fonts than regular ones:
 * weights up to 500 use the regular face, sized from `outfit` (the woff2's own metrics); 600 and up
 * the bold face, sized from Outfit Bold's average width with the same vertical metrics. (The
 * variable file's default instance is Thin, whose width is within 1% of Regular's; its Bold width
 * comes from capsize's metrics of the Bold instance.)
 */
export function fallbackFontFaces(outfit: FontMetrics): string {
  const outfitBoldWidth = { ...outfit, xWidthAvg: outfitBold.xWidthAvg, subsets: outfitBold.subsets };
  return LOCAL_FALLBACKS.flatMap(({ family, regular, bold }) => [
    fontFace(outfit, regular.metrics, family, regular.local, "100 500"),
    fontFace(outfitBoldWidth, bold.metrics, family, bold.local, "600 900"),
  ]).join("\n");
}

/** The fallback faces for the installed font, computed from its file in the site's node_modules. */
export async function fallbackFontFacesFor(root: string): Promise<string> {
  return fallbackFontFaces(await readFontMetrics(path.join(root, FONT_FILES, LATIN_FONT_FILE)));
}
