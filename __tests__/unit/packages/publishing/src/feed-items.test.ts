/** @jest-environment node */
import { feedItems } from "../../../../../packages/publishing/src/feed-items.ts";
import { rssItemXml, rssXml, type FeedArticle } from "../../../../../src/node/feed";

// The feed's items as the site's own writer (src/node/feed.ts) lays them out, found again: the
// format the fast lane and a take-down rely on, checked against the writer rather than a copy of it.

const SITE = "https://kindred.example";
const article = (slug: string, lastUpdate: string): FeedArticle => ({
  slug,
  title: `About <item> in ${slug}`,
  lastUpdate,
  categories: ["Safety"],
  description: `Text of ${slug} with\n<item>\nand\n</item>\nin it`,
  // Sanitized HTML, as the build keeps it: a tag it does not allow arrives escaped.
  safeBlocks: [{ type: "paragraph", html: `The body of ${slug}:\n&lt;/item&gt;\n]]&gt;` }],
});
const ARTICLES = [
  article("newest", "2024-10-14T10:00:00.000Z"),
  article("middle", "2024-09-01T08:00:00.000Z"),
  article("oldest", "2024-01-02T00:00:00.000Z"),
];

describe("feedItems", () => {
  it("finds each item the writer wrote, whole and in order, even with its tags in the articles' text", () => {
    const feed = rssXml({ siteUrl: SITE, title: "Kindred blog", description: "Advice" }, ARTICLES, new Date(0));
    const items = feedItems(feed);
    expect(items.map((item) => item.text)).toEqual(ARTICLES.map((each) => rssItemXml(each, SITE)));
    for (const item of items) expect(feed.slice(item.start, item.end)).toBe(item.text);
  });

  it("finds none in a feed without items, or in one cut short inside an item", () => {
    const empty = rssXml({ siteUrl: SITE, title: "Kindred blog", description: "Advice" }, [], new Date(0));
    expect(feedItems(empty)).toEqual([]);
    const feed = rssXml({ siteUrl: SITE, title: "Kindred blog", description: "Advice" }, ARTICLES, new Date(0));
    const cut = feed.slice(0, feed.lastIndexOf("</item>"));
    expect(feedItems(cut).map((item) => item.text)).toEqual(ARTICLES.slice(0, 2).map((each) => rssItemXml(each, SITE)));
  });
});
