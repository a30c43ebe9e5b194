/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, prepareCovers } from "../../../../src/node/covers";
import { writeSearchIndex } from "../../../../src/node/search-index";
import { picture } from "./image-store/pictures";
import { blogPost, listeningReporter, nodesOf, scratchSite } from "./image-store/site";

describe("writeSearchIndex", () => {
  it("lists articles newest first with two categories and the card's own fallback file from the image store, else the stored URL", async () => {
    const { dir, store, imageStore } = await scratchSite("search-index-");
    const cover = path.join(dir, "cover.jpg");
    await writeFile(cover, await picture("#9d174d", 1200, 675));
    const posts = [
      blogPost(1, "article-1", null, "2024-01-01T00:00:00.000Z"),
      { ...blogPost(3, "article-3", { kind: "url", url: "https://images.example.test/3.webp" }, "2024-03-01T00:00:00.000Z") },
      blogPost(2, "article-2", { kind: "file", path: cover }, "2024-05-01T00:00:00.000Z"),
    ];
    const args = { getNodesByType: nodesOf(posts) as CreatePagesArgs["getNodesByType"], store };
    await prepareCovers({ ...args, reporter: listeningReporter() }, {});
    await writeSearchIndex(args);
    const index = JSON.parse(await readFile(path.join(dir, "public", "blog-index.json"), "utf8")) as { id: string; image: string; categories: string[] }[];
    const card = coverData(imageStore, posts[2]!, CARD_RECIPE)!;
    expect(index).toEqual([
      { id: "doc-2", slug: "article-2", title: "Article 2", categories: ["A", "B"], image: card.images.fallback!.src, lastUpdate: "2024-05-01T00:00:00.000Z" },
      // A cover the store could not get (no server answers here) shows the stored URL, as the live list does.
      { id: "doc-3", slug: "article-3", title: "Article 3", categories: ["A", "B"], image: "https://images.example.test/3.webp", lastUpdate: "2024-03-01T00:00:00.000Z" },
      { id: "doc-1", slug: "article-1", title: "Article 1", categories: ["A", "B"], image: "", lastUpdate: "2024-01-01T00:00:00.000Z" },
    ]);
    // The card's file, not the article's, and one that is published.
    expect(index[0]!.image).not.toBe(coverData(imageStore, posts[2]!, ARTICLE_RECIPE)!.images.fallback!.src);
    expect(index[0]!.image).toMatch(/^\/static\/[0-9a-f]{32}\/480x300\.jpg$/);
    await expect(stat(path.join(dir, "public", index[0]!.image))).resolves.toBeDefined();
  });

  it("leaves blog-index.json, and its modification time, alone when no entry changed", async () => {
    const { dir, store } = await scratchSite("search-index-");
    const posts = [blogPost(1, "article-1", null, "2024-01-01T00:00:00.000Z"), blogPost(2, "article-2", null, "2024-02-01T00:00:00.000Z")];
    const write = (list: object[]) => writeSearchIndex({ getNodesByType: nodesOf(list) as CreatePagesArgs["getNodesByType"], store });
    const file = path.join(dir, "public", "blog-index.json");
    await write(posts);
    const past = new Date("2020-01-01T00:00:00.000Z");
    await utimes(file, past, past);
    await write(posts);
    expect((await stat(file)).mtimeMs).toBe(past.getTime());

    await write([posts[0]!, { ...posts[1]!, title: "Article 2, retitled" }]);
    expect((await stat(file)).mtimeMs).not.toBe(past.getTime());
    expect((JSON.parse(await readFile(file, "utf8")) as { slug: string }[]).map((entry) => entry.slug)).toEqual(["article-2", "article-1"]);
  });
});
