// `npm run bench:lighthouse [-- /path ...]`: serves the production build in public/ as `npm start` does
// and runs Lighthouse (mobile, simulated throttling) in Chromium on each path (default "/").
// Prints the four category scores and the Core Web Vitals; writes the JSON reports to reports/.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_FLAGS, chromePath } from "./chrome-path.ts";
import { fail, parseCommandLine, runMain } from "./lib/cli.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { startServer } from "./serve.ts";

const COMMAND = {
  usage: "npm run bench:lighthouse -- [options] [/path ...]",
  summary:
    "Serves the production build as `npm start` does and runs Lighthouse (mobile, simulated\n" +
    "throttling) in Chromium on each path. Prints the category scores and Core Web Vitals and\n" +
    "writes each JSON report to reports/.",
  options: {
    public: { type: "string", value: "dir", description: "The build to serve (default: the project's public/)." },
  },
  positionals: { name: "/path ...", description: 'The pages to audit (default: "/").' },
} as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const paths = positionals.length > 0 ? positionals : ["/"];
  const wrong = paths.filter((p) => !p.startsWith("/"));
  if (wrong.length > 0) fail(`Each path must start with "/", unlike: ${wrong.join(", ")}`, 2);

  const server = await startServer({ port: 0, ...(values.public ? { publicDir: path.resolve(values.public) } : {}) });
  try {
    const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: ["--headless=new", ...CHROME_FLAGS] });
    try {
      mkdirSync(path.join(PROJECT_ROOT, "reports"), { recursive: true });
      for (const pagePath of paths) {
        const result = await lighthouse(`${server.url}${pagePath}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${pagePath}`);
        const { lhr } = result;
        const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string): string => lhr.audits[id]?.displayValue ?? "n/a";
        const file = path.join(PROJECT_ROOT, "reports", `lighthouse${pagePath.replace(/\W+/g, "-") || "-home"}.json`);
        writeFileSync(file, JSON.stringify(lhr, null, 2));
        console.log(
          `${pagePath}: Performance ${score("performance")}, Accessibility ${score("accessibility")}, ` +
            `Best Practices ${score("best-practices")}, SEO ${score("seo")} | ` +
            `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, ` +
            `TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}, ` +
            `transfer ${audit("total-byte-weight")}`,
        );
        for (const [id, category] of Object.entries(lhr.categories)) {
          if ((category.score ?? 0) >= 1) continue;
          const failing = category.auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 1 && !["informative", "notApplicable", "manual"].includes(a.scoreDisplayMode))
            .map((a) => a?.id);
          if (failing.length > 0) console.log(`  ${id} below 100: ${failing.join(", ")}`);
        }
      }
    } finally {
      chrome.kill();
    }
  } finally {
    await server.close();
  }
}

runMain(main);
