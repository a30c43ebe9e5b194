/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreatePagesArgs, Store } from "gatsby";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, prepareCovers } from "../../../../src/node/covers";
import { writeSearchIndex } from "../../../../src/node/write-search-index";
import { openSearchIndex } from "../../../../src/lib/search-query";
import { picture } from "../../../support/pictures";
import { blogPost, listeningReporter, nodesOf, scratchSite } from "../../../support/scratch-site";

/** A stand-in for Gatsby's cache, kept across the builds of one test. */
function memoryCache() {
  const values = new Map<string, unknown>();
  return {
    get: async (key: string) => values.get(key),
    set: async (key: string, value: unknown) => void values.set(key, structuredClone(value)),
  };
}

/** Every indexed card, newest first, read from public/ as the browser reads the pieces. */
async function indexOf(dir: string) {
  const pieces = openSearchIndex((file) => readFile(path.join(dir, "public", file), "utf8"));
  return pieces.cards(await pieces.matches(""));
}

describe("writeSearchIndex", () => {
  it("lists articles newest first with two categories and the card's own fallback file from the image store, else the stored URL", async () => {
    const { dir, store, imageStore } = await scratchSite("search-index-");
    const cover = path.join(dir, "cover.jpg");
    await writeFile(cover, await picture("#9d174d", 1200, 675));
    const posts = [
      blogPost(1, "article-1", null, "2024-01-01T00:00:00.000Z"),
      {
        ...blogPost(
          3,
          "article-3",
          { kind: "url", url: "https://images.example.test/3.webp" },
          "2024-03-01T00:00:00.000Z",
        ),
      },
      blogPost(2, "article-2", { kind: "file", path: cover }, "2024-05-01T00:00:00.000Z"),
    ];
    const args = { getNodesByType: nodesOf(posts) as CreatePagesArgs["getNodesByType"], store };
    await prepareCovers({ ...args, reporter: listeningReporter() }, {});
    await writeSearchIndex({ ...args, cache: memoryCache() });
    const index = await indexOf(dir);
    const card = coverData(imageStore, posts[2]!, CARD_RECIPE)!;
    expect(index.map(({ id, slug, title, categories, image }) => ({ id, slug, title, categories, image }))).toEqual([
      { id: "doc-2", slug: "article-2", title: "Article 2", categories: ["A", "B"], image: card.images.fallback!.src },
      // A cover the store could not get (no server answers here) shows the stored URL, as the live list does.
      {
        id: "doc-3",
        slug: "article-3",
        title: "Article 3",
        categories: ["A", "B"],
        image: "https://images.example.test/3.webp",
      },
      { id: "doc-1", slug: "article-1", title: "Article 1", categories: ["A", "B"], image: "" },
    ]);
    // The card's file, not the article's, and one that is published.
    expect(index[0]!.image).not.toBe(coverData(imageStore, posts[2]!, ARTICLE_RECIPE)!.images.fallback!.src);
    expect(index[0]!.image).toMatch(/^\/static\/[0-9a-f]{32}\/480x300\.jpg$/);
    await expect(stat(path.join(dir, "public", index[0]!.image))).resolves.toBeDefined();
  });

  describe("across builds", () => {
    let dir: string;
    let store: Store;
    const cache = memoryCache();
    const write = (list: object[]) =>
      writeSearchIndex({ getNodesByType: nodesOf(list) as CreatePagesArgs["getNodesByType"], store, cache });
    const articles = (count: number) =>
      Array.from({ length: count }, (_, n) =>
        blogPost(n, `article-${n}`, null, new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString()),
      );

    beforeEach(async () => {
      ({ dir, store } = await scratchSite("search-index-"));
    });

    it("rewrites no piece when nothing changed, and after one edit only the pieces the edit touches", async () => {
      const all = articles(3000);
      const past = new Date("2020-01-01T00:00:00.000Z");
      const files = async () =>
        (await readdir(path.join(dir, "public", "search"), { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name));
      const ageAll = async () => Promise.all((await files()).map((file) => utimes(file, past, past)));
      const rewritten = async () => {
        const changed: string[] = [];
        for (const file of await files())
          if ((await stat(file)).mtimeMs !== past.getTime())
            changed.push(path.relative(path.join(dir, "public"), file));
        return changed.sort();
      };
      await write(all);
      await ageAll();
      await write(all);
      expect(await rewritten()).toEqual([]);

      // Article 10 (slot 10, card chunk 1) is retitled and so becomes the newest (slot 3000, chunk 375).
      const edited = { ...all[10]!, title: "Article 10, retitled", lastUpdate: "2030-01-01T00:00:00.000Z" };
      await write([...all.slice(0, 10), ...all.slice(11), edited]);
      const changed = await rewritten();
      expect(changed.filter((file) => file.startsWith("search/c/"))).toEqual(["search/c/1.json", "search/c/af.json"]);
      expect(changed.filter((file) => file.startsWith("search/i/"))).toHaveLength(1);
      expect(changed).toContain("search/index.json");
      expect((await indexOf(dir)).slice(0, 2).map((entry) => entry.slug)).toEqual(["article-10", "article-2999"]);
    });

    it("removes pieces no longer made, and the single-file index of earlier builds", async () => {
      const all = articles(20);
      await writeFile(path.join(dir, "public", "blog-index.json"), "[]");
      await write(all);
      await expect(stat(path.join(dir, "public", "search", "c", "2.json"))).resolves.toBeDefined();
      await write(all.slice(0, 8));
      await expect(stat(path.join(dir, "public", "search", "c", "2.json"))).rejects.toThrow(/ENOENT/);
      await expect(stat(path.join(dir, "public", "blog-index.json"))).rejects.toThrow(/ENOENT/);
      expect(await indexOf(dir)).toHaveLength(8);
    });
  });
});
