// `npm run bench:js [-- /path ...]`: the JavaScript a page loads before any interaction, gzipped.
// Reads the build in public/: the scripts each page's HTML references (preloads and <script src>).
import { readFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/", "/terms", "/404");

/** The HTML file Gatsby wrote for a route. */
function htmlFor(route) {
  const file = route === "/" ? "index.html" : path.join(route.slice(1), "index.html");
  return path.join(publicDir, file);
}

/** Sums the gzipped size of every script a page's HTML loads; also says whether any holds Firebase. */
export function initialJavaScript(route) {
  const file = htmlFor(route);
  if (!existsSync(file)) throw new Error(`No built page for ${route} (${file}); run "npm run build".`);
  const html = readFileSync(file, "utf8");
  const sources = new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]));
  let raw = 0;
  let gzipped = 0;
  let firebase = false;
  for (const src of sources) {
    const body = readFileSync(path.join(publicDir, src));
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
    if (/@firebase\/|firebasestorage|firestore\.googleapis\.com/.test(body.toString("utf8"))) firebase = true;
  }
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  return { route, scripts: sources.size, raw, gzipped, inlineGzipped: gzipSync(inline).length, firebase };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const route of paths) {
    const r = initialJavaScript(route);
    console.log(
      `${route}: ${r.scripts} scripts, ${(r.gzipped / 1024).toFixed(1)} kB gzipped (${(r.raw / 1024).toFixed(1)} kB raw)` +
        ` + ${(r.inlineGzipped / 1024).toFixed(1)} kB inline; Firebase in initial JS: ${r.firebase ? "YES" : "no"}`,
    );
  }
}
