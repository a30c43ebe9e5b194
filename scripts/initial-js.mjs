// `npm run bench:js [-- /path ...]`: the JavaScript a page loads before any interaction, measured in
// Chromium against the production build served as `npm start` serves it (gzip on). Counts every
// script response until the network is idle (framework, app, the page's own chunks), and says
// whether any of it contains Firebase.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { startServer } from "./serve.mjs";
import { chromePath, CHROME_FLAGS } from "./chrome-path.mjs";

const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
if (paths.length === 0) paths.push("/", "/blog", "/terms");

const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
try {
  for (const route of paths) {
    const page = await browser.newPage();
    const scripts = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    const loaded = await Promise.all(scripts);
    const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
    const raw = loaded.reduce((sum, { body }) => sum + body.length, 0);
    const firebase = loaded.some(({ body }) => /@firebase\/|firestore\.googleapis\.com/.test(body.toString("utf8")));
    if (process.env.VERBOSE) for (const { url, body } of loaded) console.log(`  ${url} ${body.length}`);
    console.log(
      `${route}: ${loaded.length} scripts, ${(gzipped / 1024).toFixed(1)} kB gzipped (${(raw / 1024).toFixed(1)} kB raw); ` +
        `Firebase in initial JS: ${firebase ? "YES" : "no"}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
