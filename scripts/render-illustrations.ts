// `npm run illustrations` (or `node scripts/render-illustrations.ts`): renders the hand-drawn SVGs in
// src/images/illustrations/ to the WebP, JPEG and PNG files the site ships, prints each output with its
// byte size, and exits with status 1 when one is over its byte budget. Nothing is fetched from the
// network: the sources are plain SVG with no fonts, no text and no external references. The page
// illustrations (hero, about, not-found) are not rendered: they are published as they are, from
// static/images/ (a compressed SVG several times smaller than an AVIF or WebP, sharp at every width).
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { parseCommandLine } from "./lib/cli.ts";
import { PROJECT_ROOT as root } from "./lib/root.ts";

parseCommandLine({
  usage: "npm run illustrations",
  summary:
    "Renders the SVGs in src/images/illustrations/ to the WebP, JPEG and PNG files the site ships\n" +
    "and fails when one is over its byte budget.",
  options: {},
});

const sourceDir = path.join(root, "src/images/illustrations");

interface Output {
  svg: string;
  /** Relative to the project root. */
  out: string;
  width: number;
  height?: number;
  format: "webp" | "jpeg" | "png";
  /** The most bytes the file may have. */
  budget: number;
}

/**
 * Every rendered file: its SVG source, where it goes, its width in pixels (the height follows the
 * SVG's aspect ratio), its format and its byte budget.
 */
const OUTPUTS: Output[] = [
  { svg: "og-image.svg", out: "static/og-image.jpg", width: 1200, height: 630, format: "jpeg", budget: 80_000 },
  // The page head inlines the mark itself as its icon (src/node/site-icons.ts). These files are for
  // browsers that ask for an icon file by name: Safari before 26, which reads no SVG icon, asks for
  // /favicon.ico, and PNG data under that name is read as well as an ICO file. 48 px covers a tab at 3x;
  // the install icons (192 and 512 px) come from the manifest (src/node/manifest.ts).
  { svg: "favicon.svg", out: "static/favicon.png", width: 48, height: 48, format: "png", budget: 2_000 },
  { svg: "favicon.svg", out: "static/favicon.ico", width: 48, height: 48, format: "png", budget: 2_000 },
];

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** Renders one SVG at exactly `width` pixels wide (rasterised at that size, not scaled afterwards). */
async function render({
  svg,
  out,
  width,
  height,
  format,
}: Output): Promise<{ target: string; size: number; pixels: string }> {
  const input = readFileSync(path.join(sourceDir, svg));
  const { width: naturalWidth } = await sharp(input).metadata(); // the SVG's width at 72 dpi
  if (!naturalWidth) throw new Error(`${svg}: cannot read the SVG's width`);
  const density = (72 * width) / naturalWidth;
  let image = sharp(input, { density }).resize({ width, height, fit: "fill" });

  if (format === "webp") {
    image = image.webp({ quality: 80, alphaQuality: 90, effort: 6, smartSubsample: true });
  } else if (format === "jpeg") {
    // Social sites want an opaque JPEG or PNG; the SVG already paints a solid background.
    image = image.flatten({ background: "#b3124f" }).jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: "4:4:4" });
  } else if (format === "png") {
    image = image.png({ compressionLevel: 9, effort: 10, palette: true, quality: 100, dither: 0 });
  }

  const target = path.join(root, out);
  mkdirSync(path.dirname(target), { recursive: true });
  const info = await image.toFile(target);
  return { target, size: statSync(target).size, pixels: `${info.width}x${info.height}` };
}

const failures: string[] = [];
for (const output of OUTPUTS) {
  try {
    const { size, pixels } = await render(output);
    const over = size > output.budget;
    console.log(
      `${over ? "✗" : "✓"} ${output.out.padEnd(30)} ${pixels.padStart(9)}  ${String(size).padStart(6)} bytes (${kB(size)}, budget ${kB(output.budget)})`,
    );
    if (over) failures.push(`${output.out} is ${kB(size)}, over its budget of ${kB(output.budget)}`);
  } catch (error) {
    failures.push(`${output.out} could not be rendered from ${output.svg}: ${(error as Error).message}`);
  }
}

if (failures.length > 0) {
  console.error(`\nrender-illustrations failed:\n  - ${failures.join("\n  - ")}`);
  console.error(
    "Simplify the SVG (fewer gradients, flatter shapes) or lower the quality in scripts/render-illustrations.ts.",
  );
  process.exit(1);
}
console.log(`\nAll ${OUTPUTS.length} illustrations rendered within their budgets.`);
