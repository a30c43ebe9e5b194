/** @jest-environment node */
import { mkdir, mkdtemp, readFile, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import { writeSitemap } from "../../../../src/node/write-sitemap";

describe("writeSitemap", () => {
  it("writes sitemap.xml and robots.txt for the site's URL from the page and article nodes, and leaves them alone when nothing changed", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "sitemap-"));
    await mkdir(path.join(site, "public"));
    const nodes: Record<string, object[]> = {
      SitePage: [{ path: "/blogarticle/older" }, { path: "/404/" }],
      // A node leaves out an updatedOn that GraphQL would give as null.
      BlogPost: [{ slug: "older", lastUpdate: "2024-01-01T00:00:00.000Z" }],
    };
    const getNodesByType = jest.fn((type: string) => nodes[type] ?? []);
    const reporter = { info: jest.fn(), panicOnBuild: jest.fn() };
    const store = {
      getState: () => ({
        program: { directory: site },
        config: { siteMetadata: { siteUrl: "https://kindred.example" } },
      }),
    } as unknown as Store;
    const run = () =>
      writeSitemap({
        getNodesByType: getNodesByType as unknown as BuildArgs["getNodesByType"],
        reporter: reporter as unknown as Reporter,
        store,
      });
    await run();
    const sitemap = path.join(site, "public", "sitemap.xml");
    expect(await readFile(sitemap, "utf8")).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://kindred.example/blogarticle/older</loc><lastmod>2024-01-01</lastmod></url></urlset>',
    );
    expect(await readFile(path.join(site, "public", "robots.txt"), "utf8")).toContain(
      "Sitemap: https://kindred.example/sitemap.xml",
    );
    expect(reporter.info).toHaveBeenCalledWith("sitemap.xml lists 1 pages");

    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(sitemap, past, past);
    await run();
    expect(reporter.info).toHaveBeenLastCalledWith("sitemap.xml lists 1 pages, unchanged");
    expect((await stat(sitemap)).mtimeMs).toBe(past.getTime());

    nodes.BlogPost = [{ slug: "older", lastUpdate: "2024-01-01T00:00:00.000Z", updatedOn: "2024-03-04T00:00:00.000Z" }];
    await run();
    expect(await readFile(sitemap, "utf8")).toContain("<lastmod>2024-03-04</lastmod>");
  });
});
