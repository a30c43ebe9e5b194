// `npm run covers` (`node scripts/render-covers.ts`): draws the sample articles' cover images (one per category theme)
// and the illustrations used inside articles, as hand-written SVG (no outside assets), and renders
// each to a 1200x675 WebP in content/blog/images/. Exits with 1 if any file is over 40 kB.
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { CATEGORY_SCENES } from "./lib/covers/category-scenes.ts";
import { ILLUSTRATION_SCENES } from "./lib/covers/illustration-scenes.ts";
import { HEIGHT, WIDTH } from "./lib/covers/shapes.ts";
import { parseCommandLine } from "./lib/cli.ts";
import { PROJECT_ROOT as root } from "./lib/root.ts";

parseCommandLine({
  usage: "npm run covers",
  summary:
    "Draws the sample articles' cover images and in-article illustrations as SVG and renders each\n" +
    "to a 1200x675 WebP in content/blog/images/; fails when one is over 40 kB.",
  options: {},
});

const outDir = path.join(root, "content/blog/images");
const MAX_BYTES = 40_000;

/** Every picture to draw, by the name of its file: the covers first, then the illustrations. */
const SCENES: Record<string, () => string> = { ...CATEGORY_SCENES, ...ILLUSTRATION_SCENES };

// ---- Rendering ------------------------------------------------------------------------------

mkdirSync(outDir, { recursive: true });
const tooBig: string[] = [];
for (const [name, draw] of Object.entries(SCENES)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${draw()}</svg>`;
  const file = path.join(outDir, `${name}.webp`);
  await sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT).webp({ quality: 75, effort: 6 }).toFile(file);
  const { size } = statSync(file);
  if (size > MAX_BYTES) tooBig.push(`${name}.webp (${size} bytes)`);
  console.log(`${path.relative(root, file)}: ${(size / 1024).toFixed(1)} kB${size > MAX_BYTES ? " (over 40 kB)" : ""}`);
}
if (tooBig.length > 0) {
  console.error(`These images are over the ${MAX_BYTES / 1000} kB budget: ${tooBig.join(", ")}`);
  process.exit(1);
}
