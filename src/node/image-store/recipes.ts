import { createHash } from "node:crypto";
import { getImageData, type IGatsbyImageData, type ImageFormat } from "gatsby-plugin-image";

// What the store makes from each cover. A recipe's id is part of every key made with it, so a
// change to any number here (or to ENCODING) gives new keys and no file made the old way is served.

/** A responsive cover: gatsby-plugin-image's constrained layout at `width`, cropped to `aspectRatio`. */
export interface CoverRecipe {
  name: string;
  width: number;
  aspectRatio: number;
  /** Widths as multiples of `width`; gatsby-plugin-image's default for a constrained image when absent. */
  outputPixelDensities?: number[];
  /** "auto" is the original's own format (JPEG when it has none a browser reads everywhere). */
  formats: ("auto" | "webp" | "avif")[];
  quality: number;
}

/** The 1200 × 630 sharing image: the cover cropped around its most interesting part, as JPEG. */
export interface SharingRecipe {
  name: "og";
  width: number;
  height: number;
  quality: number;
  background: string;
}

/** Bumped when the encoding code changes in a way the numbers above do not show. */
export const ENCODING = "sharp-attention-1";

/** The card on the blog list and under "Similar articles" (the BlogCardFields fragment's old arguments). */
export const CARD_RECIPE: CoverRecipe = {
  name: "card",
  width: 480,
  aspectRatio: 1.6,
  outputPixelDensities: [0.25, 0.7354, 1, 1.4708, 2],
  formats: ["auto", "webp"],
  quality: 50,
};

/** The cover at the top of an article. */
export const ARTICLE_RECIPE: CoverRecipe = {
  name: "article",
  width: 960,
  aspectRatio: 1.78,
  formats: ["auto", "webp"],
  quality: 50,
};

export const SHARING_RECIPE: SharingRecipe = {
  name: "og",
  width: 1200,
  height: 630,
  quality: 80,
  background: "#ffffff",
};

export const COVER_RECIPES: readonly CoverRecipe[] = [CARD_RECIPE, ARTICLE_RECIPE];

/** What the site makes of every cover: each cover recipe, and the sharing image. */
export const SITE_RECIPES = { covers: COVER_RECIPES, sharing: SHARING_RECIPE };

/** The recipe's identity: a digest of everything that decides the bytes it makes. */
export function recipeId(recipe: CoverRecipe | SharingRecipe): string {
  return createHash("sha256")
    .update(JSON.stringify([ENCODING, recipe]))
    .digest("hex")
    .slice(0, 16);
}

/** The store key of one original made with one recipe: 32 hex digits, the folder name in /static/. */
export function variantKey(original: string, recipe: CoverRecipe | SharingRecipe): string {
  return createHash("sha256")
    .update(`${original}\u0000${recipeId(recipe)}`)
    .digest("hex")
    .slice(0, 32);
}

/** The format a browser gets when it reads none of the modern ones: the original's own, if usable. */
export function fallbackFormat(sourceFormat: string): "jpg" | "png" | "webp" | "avif" {
  if (sourceFormat === "png" || sourceFormat === "webp" || sourceFormat === "avif") return sourceFormat;
  return "jpg";
}

/** One file of a cover's variant set. */
export interface VariantFile {
  width: number;
  height: number;
  format: "jpg" | "png" | "webp" | "avif";
  name: string;
}

const fileName = (width: number, height: number, format: string): string => `${width}x${height}.${format}`;

export interface ImageDataInput {
  recipe: CoverRecipe;
  /** Where the key's files are published, e.g. /static/<key>. */
  baseDir: string;
  sourceWidth: number;
  sourceHeight: number;
  sourceFormat: string;
  placeholderURL?: string;
  backgroundColor?: string;
}

function imageDataWith(input: ImageDataInput, onFile: (file: VariantFile) => void): IGatsbyImageData {
  const { recipe, baseDir, sourceWidth, sourceHeight } = input;
  const auto = fallbackFormat(input.sourceFormat);
  // "auto" already names the original's format: asking for it twice would list one file twice.
  const formats = recipe.formats.filter((format) => format === "auto" || format !== auto) as ImageFormat[];
  return getImageData({
    baseUrl: `${baseDir}/cover.${auto}`,
    urlBuilder: ({ width, height, format }) => {
      const resolved = format === "auto" ? auto : (format as VariantFile["format"]);
      const name = fileName(width, height, resolved);
      onFile({ width, height, format: resolved, name });
      return `${baseDir}/${name}`;
    },
    sourceWidth,
    sourceHeight,
    layout: "constrained",
    width: recipe.width,
    aspectRatio: recipe.aspectRatio,
    formats,
    pluginName: "image-store",
    ...(recipe.outputPixelDensities ? { outputPixelDensities: recipe.outputPixelDensities } : {}),
    ...(input.placeholderURL ? { placeholderURL: input.placeholderURL } : {}),
    ...(input.backgroundColor ? { backgroundColor: input.backgroundColor } : {}),
  } as Parameters<typeof getImageData>[0]);
}

/**
 * The files gatsby-plugin-image will name for this cover: getImageData run once with a builder
 * that records what it is asked for. The store makes exactly these, so the page can name no file
 * the store lacks.
 */
export function variantFiles(
  recipe: CoverRecipe,
  sourceWidth: number,
  sourceHeight: number,
  sourceFormat: string,
): VariantFile[] {
  const files = new Map<string, VariantFile>();
  imageDataWith({ recipe, baseDir: "", sourceWidth, sourceHeight, sourceFormat }, (file) => files.set(file.name, file));
  return [...files.values()];
}

/** gatsby-plugin-image's data for a stored cover, naming its files under `baseDir`. */
export function coverImageData(input: ImageDataInput): IGatsbyImageData {
  return imageDataWith(input, () => undefined);
}
