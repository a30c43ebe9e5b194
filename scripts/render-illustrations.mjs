// `npm run illustrations`: renders the hand-drawn SVGs in src/images/illustrations/ to the WebP, JPEG
// and PNG files the site ships, and fails when one is over its byte budget.
import { statSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = (name) => path.join(root, "src/images/illustrations", name);

const OUTPUTS = [
  { svg: "hero.svg", out: "src/images/hero.webp", width: 1200, format: "webp", budget: 60_000 },
  { svg: "about.svg", out: "src/images/about.webp", width: 1200, format: "webp", budget: 60_000 },
  { svg: "not-found.svg", out: "static/images/not-found.webp", width: 800, format: "webp", budget: 30_000 },
  { svg: "og-image.svg", out: "static/og-image.jpg", width: 1200, format: "jpeg", budget: 80_000 },
  { svg: "favicon.svg", out: "static/favicon.png", width: 512, format: "png", budget: 20_000 },
];

let failed = false;
for (const { svg, out, width, format, budget } of OUTPUTS) {
  const target = path.join(root, out);
  mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(source(svg), { density: 300 }).resize({ width });
  if (format === "webp") await image.webp({ quality: 80, effort: 6 }).toFile(target);
  else if (format === "jpeg") await image.flatten({ background: "#b3124f" }).jpeg({ quality: 82, mozjpeg: true }).toFile(target);
  else await image.png({ compressionLevel: 9, palette: true }).toFile(target);
  const size = statSync(target).size;
  const over = size > budget;
  failed ||= over;
  console.log(`${out}: ${(size / 1024).toFixed(1)} kB${over ? ` — over its budget of ${budget / 1000} kB` : ""}`);
}
if (failed) {
  console.error("An illustration is over its byte budget: simplify the SVG or lower the quality.");
  process.exit(1);
}
