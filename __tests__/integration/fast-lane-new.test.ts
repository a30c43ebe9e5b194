import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { buildSite, copyProject } from "../support/site-build";
import { laneOver, nextBuildAgainstLanes, treeOf } from "../support/fast-lane";
import { LEFT_TO_FULL_BUILD } from "../../scripts/fast-lane-article.ts";

// A new article, published with a date newer than every other, through the fast lane's command
// against real builds: its page and page data made without a page of its own to start from, every
// list page shifted by one card (and a new last one when the last was full), the similar lists it
// joins, the feed, the sitemap, the search index and its sharing image, byte for byte what the next
// full build writes, and no file the build changes left out. The site is the sample content with
// five more articles (30: five full list pages), so the first new article opens a sixth list page;
// a second one comes in from what the first lane left, as the service runs them before the build
// catches up. A renamed article, which has no page at its new path either, is left to the build.
const BUILD_TIMEOUT = 600_000;
const SHAPE = "a-first-date-plan-in-every-format";
/** A new cover, drawn here: two shapes on a plain ground. */
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">' +
  '<circle cx="560" cy="450" r="260" fill="#f4b6c2"/><rect x="880" y="250" width="420" height="400" fill="#2f6f73"/></svg>';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Writes a sample article made from the showcase one, with these fields, as a published document. */
function writeArticle(site: string, fields: Record<string, unknown> & { id: string; slug: string }): void {
  const shape = JSON.parse(readFileSync(path.join(site, "content", "blog", `${SHAPE}.json`), "utf8")) as object;
  const article: Record<string, unknown> = { ...shape, blogId: `blog-of-${fields.id}`, ...fields };
  for (const [field, value] of Object.entries(article)) if (value === undefined) delete article[field];
  writeFileSync(path.join(site, "content", "blog", `${fields.slug}.json`), JSON.stringify(article));
}

test(
  "a new article goes through the fast lane, byte for byte what the next build writes",
  async () => {
    const site = copyProject();
    dirs.push(site);
    // Five older articles more: 30 in all, five full list pages.
    for (let index = 1; index <= 5; index += 1)
      writeArticle(site, {
        id: `olderArticle00000${index}`,
        slug: `older-article-${index}`,
        title: `An older article, number ${index}`,
        lastUpdate: `2020-0${index}-01T00:00:00.000Z`,
        updatedOn: `2020-0${index}-01T00:00:00.000Z`,
      });
    const first = await buildSite({}, { dir: site });
    expect(first.exitCode).toBe(0);
    expect(readdirSync(path.join(first.publicDir, "blog")).sort()).toEqual(["2", "3", "4", "5", "index.html"]);
    const before = treeOf(first.publicDir);
    // The build's own files, put back before the next build: it must write every file itself.
    const kept = await mkdtemp(path.join(tmpdir(), "fast-lane-new-public-"));
    dirs.push(kept);
    cpSync(first.publicDir, kept, { recursive: true });

    const NEW = { id: "brandNewArticle00001", slug: "a-brand-new-article" };
    writeArticle(site, {
      ...NEW,
      title: "नई शुरुआत: a first date & <💘>",
      lastUpdate: "2025-03-01T10:00:00.000Z",
      updatedOn: undefined,
    });
    const one = await laneOver(site, NEW.id, dirs);
    expect([one.code, one.report.reason]).toEqual([0, undefined]);
    const files = new Set(one.report.files);
    for (const file of [
      `blogarticle/${NEW.slug}/index.html`,
      `page-data/blogarticle/${NEW.slug}/page-data.json`,
      `og/blogarticle/${NEW.slug}.jpg`,
      "blog/index.html",
      "blog/5/index.html",
      "blog/6/index.html",
      "page-data/blog/6/page-data.json",
      "rss.xml",
      "sitemap.xml",
      "search/index.json",
    ])
      expect([file, files.has(file)]).toEqual([file, true]);
    expect(one.report.laneFiles).toEqual([".cache/fast-lane/ranking.json", ".cache/fast-lane/cards.json"]);
    const similarPages = [...files].filter((file) => /^blogarticle\/.*\.html$/.test(file) && !file.includes(NEW.slug));
    expect(similarPages.length).toBeGreaterThan(1);
    expect(readFileSync(path.join(first.publicDir, "blog/index.html"), "utf8")).toContain(
      "नई शुरुआत: a first date &amp; &lt;💘&gt;",
    );

    // A second new one, from what the first lane left, with a cover no build has seen: the lane draws
    // it into the store and publishes its files, as the build would.
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#7a3b69" } })
      .composite([{ input: Buffer.from(PICTURE), top: 0, left: 0 }])
      .webp()
      .toBuffer();
    writeFileSync(path.join(site, "content", "blog", "images", "lane-new-cover.webp"), picture);
    const SECOND = { id: "brandNewArticle00002", slug: "another-new-article" };
    writeArticle(site, {
      ...SECOND,
      title: "Another new article",
      categories: ["Safety"],
      featureImage: "images/lane-new-cover.webp",
      lastUpdate: "2025-03-02T10:00:00.000Z",
      updatedOn: undefined,
    });
    const two = await laneOver(site, SECOND.id, dirs);
    expect([two.code, two.report.reason]).toEqual([0, undefined]);
    expect(two.report.files).toContain(`og/blogarticle/${SECOND.slug}.jpg`);
    const coverFiles = two.report.files!.filter((file) => file.startsWith("static/"));
    expect(coverFiles.length).toBeGreaterThan(3);
    for (const file of coverFiles) expect([file, before.has(file)]).toEqual([file, false]);

    // A renamed article has no page at its new path either: left to the build, the site untouched.
    const laidOver = treeOf(first.publicDir);
    const renamedFile = path.join(site, "content", "blog", "older-article-1.json");
    const original = readFileSync(renamedFile, "utf8");
    writeFileSync(renamedFile, JSON.stringify({ ...JSON.parse(original), slug: "older-article-renamed" }));
    const renamed = await laneOver(site, "olderArticle000001", dirs);
    expect([renamed.code, renamed.report.reason]).toEqual([
      LEFT_TO_FULL_BUILD,
      expect.stringContaining("the article's slug changed"),
    ]);
    // A new article older than the newest would go down the list, not to the top: left to the build.
    writeArticle(site, { id: "brandNewArticle00003", slug: "not-the-newest", lastUpdate: "2021-01-01T00:00:00.000Z" });
    const older = await laneOver(site, "brandNewArticle00003", dirs);
    expect([older.code, older.report.reason]).toEqual([
      LEFT_TO_FULL_BUILD,
      expect.stringContaining("does not put it before every other article"),
    ]);
    expect(treeOf(first.publicDir)).toEqual(laidOver);
    writeFileSync(renamedFile, original);
    rmSync(path.join(site, "content", "blog", "not-the-newest.json"));

    // Every file the lanes wrote is the build's, and every file the build changed, the lanes wrote;
    // the ranking the lanes left is the build's, and their card index names the pages the build's does.
    const written = new Set([...one.report.files!, ...two.report.files!]);
    const next = await nextBuildAgainstLanes(site, kept, before, written);
    expect(next.files).toEqual({ exitCode: 0, differences: [], missed: [], removed: [] });
    expect(next.rankings.lanes).toEqual(next.rankings.build);
    expect(next.cards.lanes).toEqual(next.cards.build);
  },
  BUILD_TIMEOUT * 2,
);
