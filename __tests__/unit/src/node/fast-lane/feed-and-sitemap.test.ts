import type { BlogPost } from "@kindred/article";
import { rssXml, type FeedArticle } from "../../../../../src/node/feed";
import { sitemapEntries, sitemapXml, type SitemapArticle } from "../../../../../src/lib/sitemap";
import {
  feedWithArticle,
  feedWithArticleFirst,
  feedWithNewArticle,
  sitemapWithArticle,
  sitemapWithNewPages,
} from "../../../../../src/node/fast-lane/feed-and-sitemap";

// The fast lane's edit of the feed and the sitemap must give the very text the build's own writers
// give for the articles after the edit: each case writes the file before and after with those
// writers (rssXml, sitemapXml) and compares the lane's edit of the first with the second.

const SITE = "https://kindred.example";
const CHANNEL = { siteUrl: SITE, title: "Kindred blog", description: "Dating advice" };
const BUILT = new Date("2024-10-14T10:00:00.000Z");

const post = (slug: string, overrides: Partial<BlogPost> = {}): BlogPost =>
  ({
    documentId: `doc-${slug}`,
    blogId: `blog-${slug}`,
    title: `About ${slug} & <more>`,
    slug,
    categories: ["First Dates"],
    featureImageUrl: "",
    published: true,
    lastUpdate: "2024-10-14T10:00:00.000Z",
    updatedOn: null,
    content: { blocks: [] },
    safeBlocks: [{ type: "paragraph", html: `The body of ${slug}` }],
    description: `The body of ${slug}`,
    leftOutBlocks: [],
    featureImageSource: null,
    ...overrides,
  }) as BlogPost;

const feedOf = (posts: BlogPost[]): string => rssXml(CHANNEL, posts as FeedArticle[], BUILT);
const PAGES = ["/", "/blog", "/blog/2", "/terms", ...["a", "b", "c"].map((slug) => `/blogarticle/${slug}`)];
const sitemapOf = (posts: BlogPost[]): string => sitemapXml(SITE, sitemapEntries(PAGES, posts as SitemapArticle[]));

describe("feedWithArticleFirst", () => {
  const posts = [
    post("a", { lastUpdate: "2024-10-01T00:00:00.000Z" }),
    post("b", { lastUpdate: "2024-09-01T00:00:00.000Z" }),
    post("c", { lastUpdate: "2024-08-01T00:00:00.000Z" }),
  ];
  const feedAt = (listed: BlogPost[]): string =>
    rssXml(CHANNEL, listed as FeedArticle[], new Date(listed[0]!.lastUpdate));

  it.each([
    ["the last", 2],
    ["the middle", 1],
    ["the first", 0],
  ])("puts %s article's item first, with its date as the channel's, as the build writes it", (_, at) => {
    const moved = post(posts[at]!.slug, { lastUpdate: "2024-11-02T09:30:00.000Z", title: "Moved: é & <💘>" });
    const made = feedWithArticleFirst(feedAt(posts), moved, SITE);
    expect(made).toEqual({ text: feedAt([moved, ...posts.filter((_, place) => place !== at)]) });
  });

  it("refuses an article the feed does not list", () => {
    expect(feedWithArticleFirst(feedAt(posts), post("missing"), SITE)).toEqual({
      reason: "the feed has no item for the article",
    });
  });
});

describe("feedWithNewArticle", () => {
  const posts = [
    post("a", { lastUpdate: "2024-10-01T00:00:00.000Z" }),
    post("b", { lastUpdate: "2024-09-01T00:00:00.000Z" }),
  ];
  const feedAt = (listed: BlogPost[]): string =>
    rssXml(CHANNEL, listed as FeedArticle[], new Date(listed[0]!.lastUpdate));

  it("puts a new article's item before every other, with its date as the channel's, as the build writes it", () => {
    const added = post("new-one", { lastUpdate: "2024-11-02T09:30:00.000Z", title: "नई शुरुआत & <💘>" });
    expect(feedWithNewArticle(feedAt(posts), added, SITE)).toEqual({ text: feedAt([added, ...posts]) });
  });

  it("refuses an article the feed lists already", () => {
    expect(feedWithNewArticle(feedAt(posts), post("b", { lastUpdate: "2024-11-02T09:30:00.000Z" }), SITE)).toEqual({
      reason: "the feed has an item for the article already",
    });
  });
});

describe("feedWithArticle", () => {
  const posts = [post("a"), post("ab", { lastUpdate: "2024-09-01T00:00:00.000Z" }), post("b")];

  it("writes the article's item again, as the feed of the edited articles has it", () => {
    const edited = post("ab", {
      lastUpdate: "2024-09-01T00:00:00.000Z",
      description: "A new first line with ]]> and é",
      safeBlocks: [{ type: "paragraph", html: "A new first line with ]]&gt; and é" }],
    });
    const made = feedWithArticle(feedOf(posts), edited, SITE);
    expect(made).toEqual({ text: feedOf([posts[0]!, edited, posts[2]!]) });
  });

  it("gives no file when the item is unchanged, and refuses an article the feed does not list", () => {
    expect(feedWithArticle(feedOf(posts), posts[1]!, SITE)).toEqual({ text: null });
    expect(feedWithArticle(feedOf(posts), post("missing"), SITE)).toEqual({
      reason: "the feed has no item for the article",
    });
    // Another address: the item is not found, rather than a wrong one replaced.
    expect(feedWithArticle(feedOf(posts), posts[1]!, "https://other.example")).toMatchObject({
      reason: expect.any(String),
    });
  });
});

describe("sitemapWithArticle", () => {
  const a = post("a", { lastUpdate: "2024-10-14T10:00:00.000Z" });
  const b = post("b", { lastUpdate: "2024-06-01T10:00:00.000Z" });
  const c = post("c", { lastUpdate: "2024-03-01T10:00:00.000Z", updatedOn: "2024-04-01T10:00:00.000Z" });
  const all = [a, b, c];

  it("gives no file when the article's day is the same", () => {
    expect(sitemapWithArticle(sitemapOf(all), b, { ...b, updatedOn: "2024-06-01T23:00:00.000Z" }, SITE)).toEqual({
      text: null,
    });
  });

  it("moves the article's day, and the list pages' day when it is now the newest", () => {
    for (const updatedOn of ["2024-07-02T00:00:00.000Z", "2024-11-30T08:00:00.000Z"]) {
      const edited = { ...b, updatedOn };
      expect(sitemapWithArticle(sitemapOf(all), b, edited, SITE)).toEqual({ text: sitemapOf([a, edited, c]) });
    }
    const earlier = { ...c, updatedOn: null };
    expect(sitemapWithArticle(sitemapOf(all), c, earlier, SITE)).toEqual({ text: sitemapOf([a, b, earlier]) });
  });

  it("refuses when the newest article's day goes back: the next newest is not in the file", () => {
    const back = { ...a, updatedOn: null, lastUpdate: "2024-01-01T00:00:00.000Z" };
    expect(sitemapWithArticle(sitemapOf(all), a, back, SITE)).toEqual({
      reason: "the article's date went back, and the blog's newest date cannot be told from the sitemap",
    });
  });

  it("refuses an article the sitemap does not list with that day", () => {
    const missing = post("zz", { updatedOn: "2024-12-01T00:00:00.000Z" });
    expect(sitemapWithArticle(sitemapOf(all), post("zz"), missing, SITE)).toEqual({
      reason: "the sitemap has no entry for the article with its date",
    });
  });
});

describe("sitemapWithNewPages", () => {
  const posts = [
    post("a", { lastUpdate: "2024-10-01T00:00:00.000Z" }),
    post("c", { lastUpdate: "2024-08-01T00:00:00.000Z" }),
  ];
  const pages = ["/", "/blog", "/terms", "/blogarticle/a", "/blogarticle/c"];
  const sitemapFor = (listed: BlogPost[], paths: string[]): string =>
    sitemapXml(SITE, sitemapEntries(paths, listed as SitemapArticle[]));

  it("adds the article's page in its place, with the lists' day now its own, as the build writes it", () => {
    const added = post("b-and-more", { lastUpdate: "2024-11-02T09:30:00.000Z" });
    expect(sitemapWithNewPages(sitemapFor(posts, pages), added, [], SITE)).toEqual({
      text: sitemapFor([added, ...posts], [...pages, "/blogarticle/b-and-more"]),
    });
  });

  it("adds a new list page too, and keeps the lists' day when another article's update is later", () => {
    const updated = [{ ...posts[0]!, updatedOn: "2024-12-24T00:00:00.000Z" }, posts[1]!];
    const added = post("zz", { lastUpdate: "2024-11-02T09:30:00.000Z" });
    expect(sitemapWithNewPages(sitemapFor(updated, pages), added, ["/blog/2"], SITE)).toEqual({
      text: sitemapFor([added, ...updated], [...pages, "/blogarticle/zz", "/blog/2"]),
    });
  });

  it("refuses a page it lists already, or a file it did not write", () => {
    expect(sitemapWithNewPages(sitemapFor(posts, pages), posts[1]!, [], SITE)).toEqual({
      reason: "the sitemap lists a new page already",
    });
    expect(sitemapWithNewPages("<urlset/>", posts[1]!, [], SITE)).toEqual({
      reason: "the sitemap is not laid out as the build writes it",
    });
  });
});
