import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite } from "../support/site-build";
import { laneOver, nextBuildAgainstLanes, treeOf } from "../support/fast-lane";
import { LEFT_TO_FULL_BUILD } from "../../scripts/fast-lane-article.ts";

// A publish that moves an article to the top of the blog (a new lastUpdate, newer than any other),
// through the fast lane's command against real builds of the sample content: the list pages down
// to its old place, the similar lists it joins, every list page's page data, the feed, the sitemap
// and the search index, byte for byte what the next full build writes, and no file the build
// changes left out. Two lanes run one after the other, the second on what the first left (its files
// laid over the site, its ranking and card index in the site folder), as the service does before
// the build catches up; a third that cannot be told from the files is left to the build.
const BUILD_TIMEOUT = 600_000;
/** On the third list page (13th newest), in three categories: it joins many similar lists. */
const FIRST = { id: "ePTOrxaFk5D79eNfLDT9", slug: "red-flags-and-green-flags" };
/** On the third list page too (16th newest), in one category. */
const SECOND = { id: "LbaejivsvfepDAJa6kaa", slug: "keeping-the-spark-alive" };

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Publishes a live sample article again with this date (and title), as publishArticle writes it. */
function publish(site: string, slug: string, lastUpdate: string, title?: (title: string) => string): void {
  const file = path.join(site, "content", "blog", `${slug}.json`);
  const article = JSON.parse(readFileSync(file, "utf8")) as { title: string };
  // A live article published again is "updated" then too (webhook/trigger/src/articles/store.ts).
  const titled = title ? { title: title(article.title) } : {};
  writeFileSync(file, JSON.stringify({ ...article, lastUpdate, updatedOn: lastUpdate, ...titled }));
}

test(
  "a publish that moves an article to the top goes through the fast lane, byte for byte what the next build writes",
  async () => {
    const first = await buildSite({});
    dirs.push(first.dir);
    expect(first.exitCode).toBe(0);
    const before = treeOf(first.publicDir);
    // The build's own files, put back before the next build: it must write every file itself, not
    // find the lanes' ones in place.
    const kept = await mkdtemp(path.join(tmpdir(), "fast-lane-move-public-"));
    dirs.push(kept);
    cpSync(first.publicDir, kept, { recursive: true });

    publish(first.dir, FIRST.slug, "2025-02-01T10:00:00.000Z", (title) => `${title}: पहली मुलाक़ात & <💘>`);
    const one = await laneOver(first.dir, FIRST.id, dirs);
    expect([one.code, one.report.reason]).toEqual([0, undefined]);
    const files = new Set(one.report.files);
    // Its page, every list page's page data (changesAfter), the first three list pages' HTML (the
    // cards shift down to its old place), some similar lists, the feed, the sitemap, the search.
    expect(one.report.laneFiles).toEqual([".cache/fast-lane/ranking.json", ".cache/fast-lane/cards.json"]);
    for (const file of [
      `blogarticle/${FIRST.slug}/index.html`,
      "blog/index.html",
      "blog/2/index.html",
      "blog/3/index.html",
      "page-data/blog/5/page-data.json",
      "rss.xml",
      "sitemap.xml",
      "search/index.json",
    ])
      expect([file, files.has(file)]).toEqual([file, true]);
    expect(files.has("blog/4/index.html")).toBe(false);
    expect(one.report.timings).toEqual(
      expect.objectContaining({ move: expect.any(Number), cardsElsewhere: expect.any(Number) }),
    );
    const similarPages = [...files].filter(
      (file) => /^blogarticle\/.*\.html$/.test(file) && !file.includes(FIRST.slug),
    );
    expect(similarPages.length).toBeGreaterThan(2);
    expect(readFileSync(path.join(first.publicDir, "blog/index.html"), "utf8")).toContain(
      "पहली मुलाक़ात &amp; &lt;💘&gt;",
    );

    // A second article moved on top of it, from what the first lane left.
    publish(first.dir, SECOND.slug, "2025-02-02T10:00:00.000Z");
    const two = await laneOver(first.dir, SECOND.id, dirs);
    expect([two.code, two.report.reason]).toEqual([0, undefined]);
    // The first, published again: a lane moved it since the build, and whether the next build gives
    // it a new search slot again depends on whether a build reads it in between. Left to the build,
    // the site untouched.
    const laidOver = treeOf(first.publicDir);
    publish(first.dir, FIRST.slug, "2025-02-03T10:00:00.000Z");
    const refused = await laneOver(first.dir, FIRST.id, dirs);
    expect([refused.code, refused.report.reason]).toEqual([
      LEFT_TO_FULL_BUILD,
      expect.stringContaining("a fast lane moved the article since the last build"),
    ]);
    expect(treeOf(first.publicDir)).toEqual(laidOver);
    publish(first.dir, FIRST.slug, "2025-02-01T10:00:00.000Z");

    // Every file the lanes wrote is the build's, and every file the build changed, the lanes wrote;
    // the ranking the lanes left is the build's, and their card index names the pages the build's does.
    const written = new Set([...one.report.files!, ...two.report.files!]);
    const next = await nextBuildAgainstLanes(first.dir, kept, before, written);
    expect(next.files).toEqual({ exitCode: 0, differences: [], missed: [], removed: [] });
    expect(next.rankings.lanes).toEqual(next.rankings.build);
    expect(next.cards.lanes).toEqual(next.cards.build);
  },
  BUILD_TIMEOUT * 2,
);
