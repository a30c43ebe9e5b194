/** @jest-environment node */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  articleFiles,
  feedWithout,
  isArticleSlug,
  linkTreeExcept,
  removeArticleFiles,
  removeFeedItems,
  statesWithout,
  TakedownLog,
} from "../../../../webhook/lib/takedown";
import { rssXml, type FeedArticle } from "../../../../src/node/feed";

// A take-down's release: the live site hard-linked, less one article's files, and the log that
// keeps a take-down in force against builds and releases that predate it.
let dir: string;
const write = (file: string, text = file): void => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "takedown-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("articleFiles", () => {
  it("names the page, the page data and the social image of the slug", () => {
    expect(articleFiles("first-date")).toEqual([
      "blogarticle/first-date",
      "page-data/blogarticle/first-date",
      "og/blogarticle/first-date.jpg",
    ]);
  });

  it.each(["../index", "a/b", "", "First", "x".repeat(101)])("refuses %j, which could name other files", (slug) => {
    expect(isArticleSlug(slug)).toBe(false);
    expect(() => articleFiles(slug)).toThrow(/Not an article slug/);
  });
});

describe("linkTreeExcept", () => {
  it("shares every other file with the live release, and leaves the article's out", async () => {
    for (const file of [
      "site/index.html",
      "site/blogarticle/first-date/index.html",
      "site/blogarticle/first-date-ideas/index.html",
      "site/page-data/blogarticle/first-date/page-data.json",
      "site/og/blogarticle/first-date.jpg",
      "site/og/blogarticle/first-date-ideas.jpg",
    ])
      write(file);
    const linked = await linkTreeExcept(path.join(dir, "site"), path.join(dir, "next"), articleFiles("first-date"));
    expect(linked).toBe(3);
    expect(existsSync(path.join(dir, "next/blogarticle/first-date"))).toBe(false);
    expect(existsSync(path.join(dir, "next/page-data/blogarticle/first-date"))).toBe(false);
    expect(existsSync(path.join(dir, "next/og/blogarticle/first-date.jpg"))).toBe(false);
    // A slug that begins like the removed one stays.
    expect(readFileSync(path.join(dir, "next/blogarticle/first-date-ideas/index.html"), "utf8")).toContain("ideas");
    expect(statSync(path.join(dir, "next/index.html")).ino).toBe(statSync(path.join(dir, "site/index.html")).ino);
  });
});

describe("removeArticleFiles and statesWithout", () => {
  it("takes an article out of a site in place, and out of its snapshot's states", () => {
    write("site/blogarticle/a/index.html");
    write("site/page-data/blogarticle/a/page-data.json");
    write("site/blogarticle/b/index.html");
    expect(removeArticleFiles(path.join(dir, "site"), ["a", "missing"])).toEqual([
      "blogarticle/a",
      "page-data/blogarticle/a",
    ]);
    expect(existsSync(path.join(dir, "site/blogarticle/b/index.html"))).toBe(true);
    const states = { "blogarticle/a/index.html": "1", "blogarticle/b/index.html": "2", "index.html": "3" };
    expect(statesWithout(states, articleFiles("a"))).toEqual({ "blogarticle/b/index.html": "2", "index.html": "3" });
  });

  it("leaves out a removed file and whatever lies in a removed folder, and nothing that only starts alike", () => {
    const states = {
      "blogarticle/a/index.html": "1",
      "blogarticle/ab/index.html": "2",
      "page-data/blogarticle/a/page-data.json": "3",
      "page-data/blogarticle/a.json": "4",
      "rss.xml": "5",
      "search/g/1.json": "6",
    };
    expect(
      statesWithout(states, ["blogarticle/a", "page-data/blogarticle/a/page-data.json", "rss.xml", "search"]),
    ).toEqual({ "blogarticle/ab/index.html": "2", "page-data/blogarticle/a.json": "4" });
  });
});

// The feed as the build writes it (src/node/feed.ts), for these articles: the channel's date is
// the newest article's, as writeFeed gives it.
const SITE = "https://kindred.example";
const feedArticle = (slug: string, lastUpdate: string): FeedArticle => ({
  slug,
  title: `About ${slug}`,
  lastUpdate,
  categories: ["Safety"],
  description: `Text of ${slug} with <item> and </item> in it`,
  safeBlocks: [{ type: "paragraph", html: `The body of ${slug}: &lt;/item&gt; ]]&gt;` }],
});
const FEED_ARTICLES = [
  feedArticle("newest", "2024-10-14T10:00:00.000Z"),
  feedArticle("middle", "2024-09-01T08:00:00.000Z"),
  feedArticle("oldest", "2024-01-02T00:00:00.000Z"),
];
const feedOf = (articles: FeedArticle[]): string =>
  rssXml({ siteUrl: SITE, title: "Kindred blog", description: "Advice" }, articles, new Date(articles[0]!.lastUpdate));

describe("feedWithout", () => {
  it("takes an article's item out, as the build's feed without it reads", () => {
    const [newest, , oldest] = FEED_ARTICLES as [FeedArticle, FeedArticle, FeedArticle];
    expect(feedWithout(feedOf(FEED_ARTICLES), ["middle"])).toBe(feedOf([newest, oldest]));
    expect(feedWithout(feedOf(FEED_ARTICLES), ["oldest", "middle"])).toBe(feedOf([newest]));
  });

  it("gives the channel the next article's date when the newest goes", () => {
    const [, middle, oldest] = FEED_ARTICLES as [FeedArticle, FeedArticle, FeedArticle];
    const text = feedWithout(feedOf(FEED_ARTICLES), ["newest"]);
    expect(text).toBe(feedOf([middle, oldest]));
    expect(text).toContain(`<lastBuildDate>${new Date(middle.lastUpdate).toUTCString()}</lastBuildDate>`);
  });

  it("answers null when no item is the article's, an address that merely starts the same way included", () => {
    expect(feedWithout(feedOf(FEED_ARTICLES), ["missing", "mid", "../newest"])).toBeNull();
  });

  it("replaces the site's feed file rather than writing into it: it may be shared with another release", () => {
    write("live/rss.xml", feedOf(FEED_ARTICLES));
    mkdirSync(path.join(dir, "taken"));
    linkSync(path.join(dir, "live/rss.xml"), path.join(dir, "taken/rss.xml"));
    expect(removeFeedItems(path.join(dir, "taken"), ["middle"])).toBe(true);
    expect(readFileSync(path.join(dir, "live/rss.xml"), "utf8")).toBe(feedOf(FEED_ARTICLES));
    expect(readFileSync(path.join(dir, "taken/rss.xml"), "utf8")).not.toContain("/blogarticle/middle<");
    expect(removeFeedItems(path.join(dir, "taken"), ["middle"])).toBe(false);
    expect(removeFeedItems(path.join(dir, "none"), ["middle"])).toBe(false);
    // A build's release that predates the take-down loses the item with the article's files.
    write("live/blogarticle/newest/index.html");
    expect(removeArticleFiles(path.join(dir, "live"), ["newest"])).toEqual(["blogarticle/newest", "rss.xml"]);
  });
});

describe("TakedownLog", () => {
  it("names the slugs taken down after a build began, across a restart, until no kept release predates them", () => {
    const file = path.join(dir, "takedowns.json");
    const log = new TakedownLog(file);
    log.add([{ id: "doc-a", slug: "a", at: "2027-01-01T10:00:00.000Z" }]);
    log.add([{ id: "doc-b", slug: "b", at: "2027-01-01T11:00:00.000Z" }]);
    const again = new TakedownLog(file);
    expect(again.slugsAfter("2027-01-01T09:59:00.000Z")).toEqual(["a", "b"]);
    expect(again.slugsAfter("2027-01-01T10:30:00.000Z")).toEqual(["b"]);
    expect(again.slugsAfter("2027-01-01T12:00:00.000Z")).toEqual([]);
    again.forgetBefore("2027-01-01T10:30:00.000Z");
    expect(new TakedownLog(file).entries().map((entry) => entry.slug)).toEqual(["b"]);
  });

  it("starts empty from a missing or unreadable file, and drops entries it cannot trust", () => {
    const file = path.join(dir, "takedowns.json");
    expect(new TakedownLog(file).entries()).toEqual([]);
    writeFileSync(file, "{not json");
    expect(new TakedownLog(file).entries()).toEqual([]);
    writeFileSync(file, JSON.stringify([{ id: "x", slug: "../../etc", at: "2027-01-01T00:00:00Z" }]));
    expect(new TakedownLog(file).entries()).toEqual([]);
  });
});
