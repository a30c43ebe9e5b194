// `node scripts/render-covers.mjs`: draws the sample articles' cover and body images (SVG made
// here, no outside assets) and renders them to WebP in content/blog/images/, each under 40 kB.
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "content/blog/images");
const heart = (x, y, s, fill, opacity = 1) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 30S-40 6-50-17c-8-18 4-37 22-37 12 0 21 7 28 16 7-9 16-16 28-16 18 0 30 19 22 37C40 6 0 30 0 30z" fill="${fill}" opacity="${opacity}"/>`;

// Each theme: two background colours and a few motifs.
const THEMES = {
  "dating-tips": ["#ffe1ea", "#ffd2c4", `${heart(600, 330, 3.2, "#b3124f")}<circle cx="300" cy="200" r="70" fill="#c9b6ff" opacity=".6"/><circle cx="930" cy="500" r="90" fill="#ffb199" opacity=".7"/>`],
  "first-dates": ["#fff0e0", "#ffd6e2", `<rect x="430" y="300" width="150" height="170" rx="24" fill="#fff"/><path d="M580 340h30a35 35 0 0 1 0 70h-30" fill="none" stroke="#fff" stroke-width="18"/><rect x="650" y="300" width="150" height="170" rx="24" fill="#fff"/><path d="M650 340h-30a35 35 0 0 0 0 70h30" fill="none" stroke="#fff" stroke-width="18"/>${heart(615, 210, 1.6, "#b3124f")}<rect x="380" y="470" width="470" height="22" rx="11" fill="#8c0e3e"/>`],
  relationships: ["#ffe6ef", "#e9e0ff", `${heart(520, 330, 2.6, "#e0406f", 0.9)}${heart(690, 360, 2.6, "#8c0e3e", 0.9)}<circle cx="200" cy="520" r="80" fill="#9be3c3" opacity=".6"/>`],
  "online-dating": ["#eee6ff", "#ffe1ea", `<rect x="510" y="110" width="200" height="420" rx="36" fill="#1d1522"/><rect x="525" y="125" width="170" height="390" rx="26" fill="#fff3f7"/>${heart(610, 300, 1.6, "#b3124f")}<rect x="760" y="200" width="220" height="90" rx="26" fill="#b3124f"/><rect x="240" y="360" width="220" height="90" rx="26" fill="#fff"/>`],
  safety: ["#e3f7ee", "#e9e0ff", `<path d="M600 120l190 70v140c0 120-80 200-190 240-110-40-190-120-190-240V190z" fill="#1d1522"/><path d="M600 160l150 55v115c0 95-62 160-150 195-88-35-150-100-150-195V215z" fill="#9be3c3"/><path d="M530 340l50 50 100-100" fill="none" stroke="#1d1522" stroke-width="28" stroke-linecap="round" stroke-linejoin="round"/>`],
  "self-love": ["#fff3d6", "#ffe1ea", `<circle cx="600" cy="320" r="150" fill="#ffb199"/><g stroke="#ffb199" stroke-width="16" stroke-linecap="round">${Array.from({ length: 12 }, (_, i) => { const a = (i * Math.PI) / 6; return `<line x1="${600 + 190 * Math.cos(a)}" y1="${320 + 190 * Math.sin(a)}" x2="${600 + 240 * Math.cos(a)}" y2="${320 + 240 * Math.sin(a)}"/>`; }).join("")}</g>${heart(600, 320, 1.8, "#b3124f")}`],
  communication: ["#ffe1ea", "#e6f0ff", `<rect x="300" y="170" width="360" height="160" rx="40" fill="#b3124f"/><path d="M380 328l-20 60 70-60z" fill="#b3124f"/><rect x="540" y="360" width="360" height="160" rx="40" fill="#fff"/><path d="M820 518l20 60-70-60z" fill="#fff"/><circle cx="620" cy="440" r="16" fill="#5c5163"/><circle cx="680" cy="440" r="16" fill="#5c5163"/><circle cx="740" cy="440" r="16" fill="#5c5163"/>`],
  "long-distance": ["#e6f0ff", "#ffe1ea", `<path d="M200 450c150-200 650-200 800 0" fill="none" stroke="#5c5163" stroke-width="8" stroke-dasharray="24 18"/><path d="M200 450c-30-40-45-60-45-80a45 45 0 0 1 90 0c0 20-15 40-45 80z" fill="#ff6f61"/><path d="M1000 450c-30-40-45-60-45-80a45 45 0 0 1 90 0c0 20-15 40-45 80z" fill="#b3124f"/>${heart(600, 240, 1.4, "#e0406f")}`],
  "conversation-prompts": ["#fff", "#fff3f7", `<rect x="200" y="150" width="800" height="380" rx="40" fill="#fff" stroke="#eadbe2" stroke-width="8"/><rect x="260" y="220" width="500" height="26" rx="13" fill="#b3124f"/><rect x="260" y="290" width="660" height="20" rx="10" fill="#eadbe2"/><rect x="260" y="340" width="600" height="20" rx="10" fill="#eadbe2"/><rect x="260" y="390" width="420" height="20" rx="10" fill="#eadbe2"/>`],
  "date-map": ["#e3f7ee", "#fff0e0", `<path d="M150 520l300-90 300 90 300-90v-300l-300 90-300-90-300 90z" fill="#fff" stroke="#eadbe2" stroke-width="8"/><path d="M600 420c-50-60-80-100-80-130a80 80 0 0 1 160 0c0 30-30 70-80 130z" fill="#b3124f"/><circle cx="600" cy="290" r="28" fill="#fff"/>`],
};

mkdirSync(outDir, { recursive: true });
let failed = false;
for (const [name, [from, to, motifs]] of Object.entries(THEMES)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/>${motifs}</svg>`;
  const file = path.join(outDir, `${name}.webp`);
  await sharp(Buffer.from(svg)).resize(1200, 675).webp({ quality: 75, effort: 6 }).toFile(file);
  const size = statSync(file).size;
  const over = size > 40_000;
  failed ||= over;
  console.log(`${path.relative(root, file)}: ${(size / 1024).toFixed(1)} kB${over ? " — over 40 kB" : ""}`);
}
if (failed) process.exit(1);
