/** @jest-environment node */
import { robotsTxt, sitemapEntries, sitemapXml } from "../../../../src/lib/sitemap";

// The sitemap's pages and their dates, and the text of sitemap.xml and robots.txt
// (src/node/write-sitemap.ts writes them).

const articles = [
  { slug: "older", lastUpdate: "2024-01-01T00:00:00.000Z", updatedOn: null },
  { slug: "edited", lastUpdate: "2024-02-01T00:00:00.000Z", updatedOn: "2024-09-30T00:00:00.000Z" },
];

describe("sitemapEntries", () => {
  it("lists built pages by path, without 404 pages, client-only routes or the preview, with dates", () => {
    const paths = [
      "/terms",
      "/preview",
      "/404/",
      "/404.html",
      "/dev-404-page/",
      "/blogarticle/[...slug]",
      "/blog/2",
      "/blogarticle/older",
      "/blogarticle/edited",
      "/blog",
      "/",
    ];
    expect(sitemapEntries(paths, articles)).toEqual([
      { path: "/", lastmod: undefined },
      { path: "/blog", lastmod: "2024-09-30T00:00:00.000Z" },
      { path: "/blog/2", lastmod: "2024-09-30T00:00:00.000Z" },
      { path: "/blogarticle/edited", lastmod: "2024-09-30T00:00:00.000Z" },
      { path: "/blogarticle/older", lastmod: "2024-01-01T00:00:00.000Z" },
      { path: "/terms", lastmod: undefined },
    ]);
  });

  it("gives the blog list no date when there are no articles", () => {
    expect(sitemapEntries(["/blog"], [])).toEqual([{ path: "/blog", lastmod: undefined }]);
  });
});

describe("sitemap", () => {
  it("lists absolute URLs with dates", () => {
    expect(
      sitemapXml("https://kindred.app", [{ path: "/blog", lastmod: "2024-10-14T10:00:00.000Z" }, { path: "/terms" }]),
    ).toContain(
      "<url><loc>https://kindred.app/blog</loc><lastmod>2024-10-14</lastmod></url><url><loc>https://kindred.app/terms</loc></url>",
    );
    expect(robotsTxt("https://kindred.app")).toContain("Sitemap: https://kindred.app/sitemap.xml");
  });

  it("escapes what XML would read as markup in an address", () => {
    const xml = sitemapXml("https://kindred.app", [{ path: "/blog?q=a&b=<c>" }]);
    expect(xml).toContain("<loc>https://kindred.app/blog?q=a&amp;b=&lt;c&gt;</loc>");
    expect(xml).not.toContain("a&b");
  });

  it("keeps crawlers out of /404 only", () => {
    const robots = robotsTxt("https://kindred.app");
    expect(robots.split("\n").filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /404"]);
    expect(robots).toContain("Allow: /\n");
  });
});
