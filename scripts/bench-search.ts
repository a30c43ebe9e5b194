// `npm run bench:search -- [--count 10000,100000] [--typed]`
// The search index in pieces at N generated articles: how long building it takes, its size on disk,
// and what a query costs a visitor: the compressed bytes of every piece it fetches (the manifest, the
// shards and posting files, the card chunks of the first result page), median and worst over the
// query set of the equivalence test. Each file is gzipped on its own, as hosting sends it. Figures
// are printed, never asserted. With --typed, queries are typed key by key in Chromium instead
// (scripts/lib/typed-search.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildSearchPieces, type SearchCard } from "@kindred/article";
import { openSearchIndex } from "../src/lib/search-query.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { removeSite, siteWithIndex, typedQueries } from "./lib/typed-search.ts";
import { generatedQueries, generatedTitles, seededRandom } from "./lib/generated-titles.ts";

/** The queries of issue 33's measurements. */
const TYPED_QUERIES = ["Scale article 1234", "  FIRST date CHECKLIST  ", "café crème", "zzqx no such title", "पहली"];

const COMMAND = {
  usage: "npm run bench:search -- [options]",
  summary:
    "Builds the search index for N generated articles and prints its build time, its size, and the compressed bytes each query fetches.",
  options: {
    count: {
      type: "string",
      value: "n[,n…]",
      default: "10000,100000",
      description: "How many generated articles; several sizes separated by commas.",
    },
    typed: {
      type: "boolean",
      description:
        "Type queries key by key in Chromium, at 30, 200 and 400 ms a key, over a copy of the built site (public/,\n" +
        "from `npm run build`) with the generated index, and print the bytes each fetched by kind.",
    },
    queries: {
      type: "string",
      value: "q|q…",
      default: TYPED_QUERIES.join("|"),
      description: 'The queries typed, separated by |; "all" for the 260 of the equivalence test (long).',
    },
  },
} as const;

const RESULTS_PER_PAGE = 6;

/** Cards like the build's: a processed cover under /static/<digest>/<digest>/, ids and slugs of real length. */
function cardsOf(titles: string[]): SearchCard[] {
  const random = seededRandom(9);
  const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join("");
  return titles.map((title, n) => ({
    id: hex(20),
    slug: `generated-article-${n}`,
    title,
    categories: ["Dating Tips", "First Dates"],
    image: `/static/${hex(32)}/${hex(8)}/${hex(32)}.jpg`,
    lastUpdate: new Date(Date.UTC(2015, 0, 1) + n * 1_800_000).toISOString(),
  }));
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

async function benchOne(count: number): Promise<void> {
  const titles = generatedTitles(count);
  const cards = cardsOf(titles);
  const started = performance.now();
  const pieces = buildSearchPieces(cards);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-search-"));
  for (const folder of new Set([...pieces.keys()].map((file) => path.dirname(file))))
    mkdirSync(path.join(dir, folder), { recursive: true });
  for (const [file, text] of pieces) writeFileSync(path.join(dir, file), text);
  const buildSeconds = (performance.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });

  let raw = 0;
  let gzipped = 0;
  const compressed = new Map<string, number>();
  for (const [file, text] of pieces) {
    const size = gzipSync(text).length;
    compressed.set(file, size);
    raw += Buffer.byteLength(text);
    gzipped += size;
  }
  const perQuery: { query: string; bytes: number; files: number; matches: number }[] = [];
  for (const query of generatedQueries(titles)) {
    // A fresh visit per query: nothing cached from the one before.
    const fetched = new Set<string>();
    const index = openSearchIndex(async (file) => {
      fetched.add(file);
      return pieces.get(file)!;
    });
    const matches = await index.matches(query);
    await index.cards(matches.slice(0, RESULTS_PER_PAGE));
    const bytes = [...fetched].reduce((sum, file) => sum + compressed.get(file)!, 0);
    perQuery.push({ query, bytes, files: fetched.size, matches: matches.length });
  }
  const worst = perQuery.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  console.log(`${count.toLocaleString("en")} articles`);
  console.log(`  build (pieces made and written): ${buildSeconds.toFixed(1)} s`);
  console.log(
    `  on disk: ${pieces.size.toLocaleString("en")} files, ${(raw / 1e6).toFixed(1)} MB (${(gzipped / 1e6).toFixed(1)} MB gzipped)`,
  );
  console.log(`  per query over ${perQuery.length} queries, first page of results included, gzipped:`);
  console.log(
    `    median ${kB(median(perQuery.map((q) => q.bytes)))} in ${median(perQuery.map((q) => q.files))} files`,
  );
  console.log(
    `    worst ${kB(worst.bytes)} in ${worst.files} files, for ${JSON.stringify(worst.query)} (${worst.matches.toLocaleString("en")} matches)`,
  );
  const over = perQuery.filter((q) => q.bytes > 100_000);
  console.log(
    `    over 100 kB: ${over.length} of ${perQuery.length}${over.length > 0 ? ` (${over.map((q) => JSON.stringify(q.query)).join(", ")})` : ""}`,
  );
  for (const length of [1, 2]) {
    const short = perQuery.filter((q) => q.query.trim().length === length);
    if (short.length > 0)
      console.log(`    ${length}-unit queries: worst ${kB(Math.max(...short.map((q) => q.bytes)))}`);
  }
}

/** The typed mode: each query typed key by key over a built site with the index of `count` titles. */
async function benchTyped(count: number, queries: string[]): Promise<void> {
  const titles = generatedTitles(count);
  const site = siteWithIndex(path.resolve("public"), buildSearchPieces(cardsOf(titles)));
  if (queries.length === 1 && queries[0] === "all") queries = generatedQueries(titles);
  try {
    console.log(
      `${count.toLocaleString("en")} articles, typed in Chromium (the built site's pages, a generated index;`,
    );
    console.log("  bytes on the wire from the first key, images left out):");
    for (const typed of await typedQueries(site, queries)) {
      const all = typed.code + typed.index + typed.other;
      console.log(
        `  ${String(typed.delay).padStart(3)} ms/key ${JSON.stringify(typed.query).padEnd(28)} ${kB(all).padStart(9)} in all: ` +
          `code ${kB(typed.code)}, index ${kB(typed.index)} in ${typed.indexFiles} files, other ${kB(typed.other)}` +
          (typed.otherFiles.length > 0 ? ` (${typed.otherFiles.join(", ")})` : ""),
      );
    }
  } finally {
    removeSite(site);
  }
}

runMain(async () => {
  const { values } = parseCommandLine(COMMAND);
  for (const count of values.count.split(",").map((value) => integerOption(value, "--count"))) {
    if (values.typed) await benchTyped(count, values.queries.split("|"));
    else await benchOne(count);
  }
});
