import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { variantFiles, variantKey, type CoverRecipe, type SharingRecipe, type VariantFile } from "./recipes.ts";
import { originalPath, recordPath, variantDir, writeOnce, type VariantRecord } from "./store.ts";

// The only code that encodes images. Every call is counted, so a test can tell a build that read
// the store from one that encoded.

let encodings = 0;

/** How many originals this process has encoded (one per recipe made). */
export function encoderCalls(): number {
  return encodings;
}

/** What sharp reads of an original before any encoding: refuses what it cannot decode. */
export async function describeOriginal(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const metadata = await sharp(bytes, { failOn: "error" }).metadata();
  if (!metadata.width || !metadata.height || !metadata.format) throw new Error("not an image sharp can read");
  // EXIF orientations 5 to 8 turn the picture a quarter: its displayed width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    width: turned ? metadata.height : metadata.width,
    height: turned ? metadata.width : metadata.height,
    format: metadata.format === "jpeg" ? "jpg" : metadata.format,
  };
}

const hex = (value: number): string => value.toString(16).padStart(2, "0");

function encoded(pipeline: sharp.Sharp, file: VariantFile, quality: number): Promise<Buffer> {
  if (file.format === "webp") return pipeline.webp({ quality }).toBuffer();
  if (file.format === "avif") return pipeline.avif({ quality, effort: 2 }).toBuffer();
  if (file.format === "png") return pipeline.png({ compressionLevel: 9 }).toBuffer();
  return pipeline.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
}

/**
 * Encodes one original with one recipe into the store: every file getImageData will name, a
 * blurred placeholder and the dominant colour, then the record. Each file lands whole or not at
 * all; the record comes last, so an interrupted encoding leaves no record and is done again.
 */
export async function encodeCover(store: string, original: string, recipe: CoverRecipe): Promise<VariantRecord> {
  encodings += 1;
  const bytes = await readFile(originalPath(store, original));
  const source = await describeOriginal(bytes);
  const files = variantFiles(recipe, source.width, source.height, source.format);
  const key = variantKey(original, recipe);
  const widest = files.reduce((a, b) => (b.width > a.width ? b : a));
  // One decode and one crop for the whole set; each width is resized from that.
  const { data, info } = await sharp(bytes, { failOn: "error" })
    .rotate()
    .resize(widest.width, widest.height, { fit: "cover", position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  for (const file of files) {
    const pipeline = sharp(data, raw).resize(file.width, file.height, { fit: "fill" });
    await writeOnce(path.join(variantDir(store, key), file.name), await encoded(pipeline, file, recipe.quality));
  }
  const [placeholder, stats] = await Promise.all([
    sharp(data, raw).resize(20).blur().webp({ quality: 30 }).toBuffer(),
    sharp(data, raw).stats(),
  ]);
  const record: VariantRecord = {
    recipe: key,
    original,
    sourceWidth: source.width,
    sourceHeight: source.height,
    sourceFormat: source.format,
    placeholder: `data:image/webp;base64,${placeholder.toString("base64")}`,
    backgroundColor: `#${hex(stats.dominant.r)}${hex(stats.dominant.g)}${hex(stats.dominant.b)}`,
    files: files.map((file) => file.name),
  };
  await writeOnce(recordPath(store, key), JSON.stringify(record));
  return record;
}

/** The sharing image's file in the store. */
export const sharingPath = (store: string, original: string, recipe: SharingRecipe): string =>
  path.join(variantDir(store, variantKey(original, recipe)), "og.jpg");

/** Draws the 1200 × 630 sharing image of an original: cropped around its most interesting part, flattened on white. */
export async function drawSharing(store: string, original: string, recipe: SharingRecipe): Promise<string> {
  encodings += 1;
  const target = sharingPath(store, original, recipe);
  const image = await sharp(originalPath(store, original), { failOn: "error" })
    .rotate()
    .resize(recipe.width, recipe.height, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: recipe.background })
    .jpeg({ quality: recipe.quality, mozjpeg: true, progressive: true })
    .toBuffer();
  await writeOnce(target, image);
  return target;
}
