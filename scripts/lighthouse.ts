// `npm run bench:lighthouse [-- options] [/path ...]`: serves a production build as `npm start` does
// and runs Lighthouse (mobile: simulated Slow 4G and a 4x slower CPU) in Chromium on each path.
// With --runs N each page is audited N times and the report keeps the median. With --baseline, a
// second build (another commit's public/, say) is served beside the first and audited in the same
// session, the two alternating page by page so that the machine's load weighs on both alike.
// Writes one JSON report (default reports/lighthouse.json) and, per build and page, the full
// Lighthouse result of the median run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROME_FLAGS, chromePath } from "./chrome-path.ts";
import { fail, integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import {
  formatSummary,
  medianRun,
  summarizeRun,
  type LighthouseResult,
  type RunSummary,
} from "./lib/lighthouse-report.ts";
import { largestPaintTimings } from "./lib/lantern-timings.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { startServer, type RunningServer } from "./serve.ts";

const COMMAND = {
  usage: "npm run bench:lighthouse -- [options] [/path ...]",
  summary:
    "Serves a production build as `npm start` does and runs Lighthouse (mobile, simulated Slow 4G and\n" +
    "4x CPU) in Chromium on each path. Prints the median scores and metrics per page and writes a\n" +
    "JSON report: scores, FCP, LCP with its element and phases, TBT, CLS and bytes by type.",
  options: {
    dir: { type: "string", value: "dir", description: "The build to audit (default: the project's public/)." },
    baseline: {
      type: "string",
      value: "dir",
      description: "Another build to audit beside it, in the same session (e.g. a build of main).",
    },
    runs: {
      type: "string",
      value: "n",
      default: "1",
      description: "Lighthouse runs per page and build; the report keeps the median.",
    },
    lantern: {
      type: "boolean",
      description: "After each run, print what the simulation counted in the largest paint, with its timings.",
    },
    out: {
      type: "string",
      value: "file",
      default: "reports/lighthouse.json",
      description: "Where to write the JSON report.",
    },
  },
  positionals: { name: "/path ...", description: 'The pages to audit (default: "/").' },
} as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

interface Build {
  label: string;
  dir: string;
  server: RunningServer;
}

export interface PageReport {
  median: RunSummary;
  runs: RunSummary[];
}

export interface LighthouseReport {
  generatedAt: string;
  lighthouseVersion: string;
  userAgent: string;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster); the runs' median. */
  benchmarkIndex: number;
  runs: number;
  builds: { label: string; dir: string; pages: Record<string, PageReport> }[];
}

/** A file name for a page path: "/" is "home", "/blog/2" is "blog-2". */
function pageName(pagePath: string): string {
  return pagePath.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
}

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const paths = positionals.length > 0 ? positionals : ["/"];
  const wrong = paths.filter((p) => !p.startsWith("/"));
  if (wrong.length > 0) fail(`Each path must start with "/", unlike: ${wrong.join(", ")}`, 2);
  const runs = integerOption(values.runs, "runs");
  const outFile = path.resolve(PROJECT_ROOT, values.out);

  const dirs: { label: string; dir: string }[] = [
    { label: "build", dir: path.resolve(values.dir ?? path.join(PROJECT_ROOT, "public")) },
  ];
  if (values.baseline) dirs.push({ label: "baseline", dir: path.resolve(values.baseline) });
  const builds: Build[] = [];
  try {
    for (const { label, dir } of dirs)
      builds.push({ label, dir, server: await startServer({ port: 0, publicDir: dir }) });
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ["--headless=new", ...CHROME_FLAGS],
    });
    const results = new Map<string, { lhr: LighthouseResult; summary: RunSummary }[]>();
    const benchmarks: number[] = [];
    let lighthouseVersion = "";
    let userAgent = "";
    try {
      for (let run = 1; run <= runs; run += 1) {
        for (const pagePath of paths) {
          for (const build of builds) {
            const result = await lighthouse(`${build.server.url}${pagePath}`, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: CATEGORIES,
            });
            if (!result) throw new Error(`Lighthouse returned no result for ${pagePath} (${build.label})`);
            const lhr = result.lhr as unknown as LighthouseResult;
            lighthouseVersion = lhr.lighthouseVersion ?? lighthouseVersion;
            userAgent = lhr.environment?.hostUserAgent ?? userAgent;
            if (lhr.environment?.benchmarkIndex) benchmarks.push(lhr.environment.benchmarkIndex);
            const summary = summarizeRun(lhr);
            const key = `${build.label} ${pagePath}`;
            results.set(key, [...(results.get(key) ?? []), { lhr, summary }]);
            if (runs > 1) console.log(`  run ${run}/${runs} ${formatSummary(`${pagePath} (${build.label})`, summary)}`);
            const timings = largestPaintTimings(build.server.url);
            if (values.lantern) console.log([`  ${pagePath} (${build.label}), largest paint:`, ...timings].join("\n"));
          }
        }
      }
    } finally {
      chrome.kill();
    }

    mkdirSync(path.dirname(outFile), { recursive: true });
    const report: LighthouseReport = {
      generatedAt: new Date().toISOString(),
      lighthouseVersion,
      userAgent,
      benchmarkIndex: Math.round(benchmarks.sort((a, b) => a - b)[Math.floor(benchmarks.length / 2)] ?? 0),
      runs,
      builds: builds.map(({ label, dir }) => ({ label, dir, pages: {} })),
    };
    for (const [index, build] of builds.entries()) {
      for (const pagePath of paths) {
        const pageRuns = results.get(`${build.label} ${pagePath}`) ?? [];
        const median = medianRun(pageRuns.map((r) => r.summary));
        const buildReport = report.builds[index];
        if (buildReport) buildReport.pages[pagePath] = { median, runs: pageRuns.map((r) => r.summary) };
        // The full result of the run whose LCP is the median, for the Lighthouse viewer.
        const sorted = [...pageRuns].sort((a, b) => a.summary.lcp - b.summary.lcp);
        const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
        const lhrFile = outFile.replace(/\.json$/, "") + `-${build.label}-${pageName(pagePath)}.lhr.json`;
        if (chosen) writeFileSync(lhrFile, JSON.stringify(chosen.lhr));
        console.log(formatSummary(`${pagePath}${builds.length > 1 ? ` (${build.label})` : ""}`, median));
        for (const [category, audits] of Object.entries(median.failing))
          console.log(`  ${category} below 100: ${audits.join(", ")}`);
      }
    }
    writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `Report: ${path.relative(process.cwd(), outFile)} (median of ${runs} run${runs === 1 ? "" : "s"}; benchmark index ${report.benchmarkIndex})`,
    );
  } finally {
    for (const build of builds) await build.server.close();
  }
}

runMain(main);
