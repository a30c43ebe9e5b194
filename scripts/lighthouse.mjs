// `npm run bench:lighthouse [-- /path ...]`: serves the production build in public/ as `npm start` does
// and runs Lighthouse (mobile, simulated throttling) in Chromium on each path (default "/").
// Prints the four category scores and the Core Web Vitals; writes the JSON reports to reports/.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { startServer } from "./serve.mjs";
import { chromePath, CHROME_FLAGS } from "./chrome-path.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/");

const server = await startServer({ port: 0 });
const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: ["--headless=new", ...CHROME_FLAGS],
});
mkdirSync(path.join(root, "reports"), { recursive: true });

try {
  for (const pagePath of paths) {
    const { lhr } = await lighthouse(`${server.url}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.displayValue ?? "n/a";
    const file = path.join(root, "reports", `lighthouse${pagePath.replace(/\W+/g, "-") || "-home"}.json`);
    writeFileSync(file, JSON.stringify(lhr, null, 2));
    console.log(
      `${pagePath}: Performance ${score("performance")}, Accessibility ${score("accessibility")}, ` +
        `Best Practices ${score("best-practices")}, SEO ${score("seo")} | ` +
        `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, ` +
        `TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}, ` +
        `transfer ${audit("total-byte-weight")}`,
    );
    for (const [id, category] of Object.entries(lhr.categories)) {
      if ((category.score ?? 0) < 1) {
        const failing = category.auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
          .map((a) => a.id);
        if (failing.length > 0) console.log(`  ${id} below 100: ${failing.join(", ")}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
