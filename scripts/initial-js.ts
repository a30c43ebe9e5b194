// `npm run bench:js [-- /path ...]`: the JavaScript a page loads before any interaction, measured in
// Chromium against the production build served as `npm start` serves it (gzip on). Counts every
// script response until the network is idle (framework, app, the page's own chunks), and says
// whether any of it is Firebase, the toast library or the HTML sanitizer, none of which a first view needs.
import { gzipSync } from "node:zlib";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROME_FLAGS, chromePath } from "./chrome-path.ts";
import { fail, parseCommandLine, runMain } from "./lib/cli.ts";
import { startServer } from "./serve.ts";

const COMMAND = {
  usage: "npm run bench:js -- [options] [/path ...]",
  summary:
    "Loads each page of the production build in Chromium (served gzipped, as `npm start` serves it)\n" +
    "and prints the JavaScript it fetched before any interaction, and whether any of it is Firebase.",
  options: {
    public: { type: "string", value: "dir", description: "The build to serve (default: the project's public/)." },
    verbose: { type: "boolean", short: "v", description: "List every script with its size." },
  },
  positionals: { name: "/path ...", description: 'The pages to load (default: "/", "/blog", "/terms").' },
} as const;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const paths = positionals.length > 0 ? positionals : ["/", "/blog", "/terms"];
  const wrong = paths.filter((p) => !p.startsWith("/"));
  if (wrong.length > 0) fail(`Each path must start with "/", unlike: ${wrong.join(", ")}`, 2);
  const verbose = values.verbose || Boolean(process.env.VERBOSE);

  const server = await startServer({ port: 0, ...(values.public ? { publicDir: path.resolve(values.public) } : {}) });
  try {
    const browser = await chromium.launch({ executablePath: chromePath(), args: [...CHROME_FLAGS] });
    try {
      for (const route of paths) {
        const page = await browser.newPage();
        const scripts: Promise<{ url: string; body: Buffer }>[] = [];
        page.on("response", (response) => {
          if (response.request().resourceType() !== "script") return;
          scripts.push(response.body().then((body) => ({ url: response.url(), body })));
        });
        await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
        const loaded = await Promise.all(scripts);
        const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
        const raw = loaded.reduce((sum, { body }) => sum + body.length, 0);
        const carries = (marker: RegExp): string =>
          loaded.some(({ body }) => marker.test(body.toString("utf8"))) ? "YES" : "no";
        if (verbose) for (const { url, body } of loaded) console.log(`  ${url} ${body.length}`);
        console.log(
          `${route}: ${loaded.length} scripts, ${(gzipped / 1024).toFixed(1)} kB gzipped (${(raw / 1024).toFixed(1)} kB raw); ` +
            `in initial JS: Firebase ${carries(/@firebase\/|firestore\.googleapis\.com/)}, ` +
            `toasts ${carries(/Toastify__toast/)}, sanitizer ${carries(/allowedSchemesAppliedToAttributes/)}`,
        );
        await page.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

runMain(main);
