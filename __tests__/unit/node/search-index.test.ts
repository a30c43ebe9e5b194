/** @jest-environment node */
import { mkdir, mkdtemp, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreatePagesArgs, Reporter, Store } from "gatsby";
import { searchIndexOf, writeSearchIndex } from "../../../src/node/search-index";
import { openSearchIndex } from "../../../src/lib/search-query";

const article = (n: number, lastUpdate: string, cover: { id: string; digest: string } | null = null) => ({
  documentId: `doc-${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  categories: ["A", "B", "C"],
  featureImageUrl: `https://images.example.test/${n}.webp`,
  lastUpdate,
  featureImage: cover && { id: cover.id, internal: { contentDigest: cover.digest } },
});

describe("searchIndexOf", () => {
  it("lists articles newest first with two categories and the processed card image, else the stored URL", () => {
    const cards = { "file-2": { digest: "d", src: "/static/abc/card.jpg" } };
    expect(searchIndexOf([article(1, "2024-01-01T00:00:00.000Z"), article(2, "2024-05-01T00:00:00.000Z", { id: "file-2", digest: "d" })], cards)).toEqual([
      { id: "doc-2", slug: "article-2", title: "Article 2", categories: ["A", "B"], image: "/static/abc/card.jpg", lastUpdate: "2024-05-01T00:00:00.000Z" },
      { id: "doc-1", slug: "article-1", title: "Article 1", categories: ["A", "B"], image: "https://images.example.test/1.webp", lastUpdate: "2024-01-01T00:00:00.000Z" },
    ]);
  });
});

describe("writeSearchIndex", () => {
  /**
   * A build's readers: the articles as BlogPost nodes naming their covers' File nodes, and Gatsby's
   * graphql for the card image of each file asked for.
   */
  function site(articles: ReturnType<typeof article>[]) {
    const asked: string[][] = [];
    const queries: string[] = [];
    const posts = articles.map(({ featureImage, ...fields }, n) => ({ id: `post-${n}`, ...fields, fields: featureImage ? { featureImageId: featureImage.id } : {}, internal: {} }));
    const files = new Map(articles.flatMap(({ featureImage }) => (featureImage ? [[featureImage.id, featureImage] as const] : [])));
    const getNodesByType = ((type: string) => (type === "BlogPost" ? posts : [])) as unknown as CreatePagesArgs["getNodesByType"];
    const getNode = ((id: string) => files.get(id)) as unknown as CreatePagesArgs["getNode"];
    const graphql = jest.fn(async (query: string, variables?: { ids: string[] }) => {
      queries.push(query);
      asked.push([...variables!.ids].sort());
      const nodes = variables!.ids.map((id) => ({ id, childImageSharp: { gatsbyImageData: { images: { fallback: { src: `/static/${id}/card.webp` } } } } }));
      return { data: { allFile: { nodes } } };
    });
    return { graphql: graphql as unknown as CreatePagesArgs["graphql"], getNodesByType, getNode, asked, queries };
  }

  const values = new Map<string, unknown>();
  const cache = { get: async (key: string) => values.get(key), set: async (key: string, value: unknown) => values.set(key, structuredClone(value)) };
  let dir: string;
  let store: Store;
  /** Every indexed card, newest first, read as the browser reads them. */
  const index = async () => {
    const pieces = openSearchIndex((file) => readFile(path.join(dir, "public", file), "utf8"));
    return pieces.cards(await pieces.matches(""));
  };

  beforeEach(async () => {
    values.clear();
    dir = await mkdtemp(path.join(tmpdir(), "search-index-"));
    await mkdir(path.join(dir, "public"));
    store = { getState: () => ({ program: { directory: dir } }) } as unknown as Store;
  });

  it("asks for each cover's card image once, however many articles share it, and not again while its bytes stay the same", async () => {
    const shared = { id: "file-a", digest: "a1" };
    const articles = [article(1, "2024-01-01T00:00:00.000Z", shared), article(2, "2024-02-01T00:00:00.000Z", shared), article(3, "2024-03-01T00:00:00.000Z", { id: "file-b", digest: "b1" }), article(4, "2024-04-01T00:00:00.000Z")];
    const first = site(articles);
    await writeSearchIndex({ graphql: first.graphql, getNodesByType: first.getNodesByType, getNode: first.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    expect(first.asked).toEqual([["file-a", "file-b"]]);
    expect((await index()).map((entry) => [entry.slug, entry.image])).toEqual([
      ["article-4", "https://images.example.test/4.webp"],
      ["article-3", "/static/file-b/card.webp"],
      ["article-2", "/static/file-a/card.webp"],
      ["article-1", "/static/file-a/card.webp"],
    ]);

    const second = site(articles);
    await writeSearchIndex({ graphql: second.graphql, getNodesByType: second.getNodesByType, getNode: second.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    expect(second.asked).toEqual([]);
    expect((await index()).find((entry) => entry.slug === "article-1")?.image).toBe("/static/file-a/card.webp");

    // Cover b's bytes change: only it is asked for again.
    const third = site([...articles.slice(0, 2), article(3, "2024-03-01T00:00:00.000Z", { id: "file-b", digest: "b2" }), articles[3]!]);
    await writeSearchIndex({ graphql: third.graphql, getNodesByType: third.getNodesByType, getNode: third.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    expect(third.asked).toEqual([["file-b"]]);
  });

  it("asks for the card's very image, so gatsby-plugin-sharp makes it once for the list and the index", async () => {
    // gatsby-plugin-sharp makes one job per call, keyed by its arguments: asking with any other
    // arguments re-encodes files the card's job already made (and writes them again).
    const card = await readFile(path.join(__dirname, "../../../src/components/blog/BlogCard.tsx"), "utf8");
    const cardArgs = /fragment BlogCardFields[\s\S]*?gatsbyImageData\(([^)]*)\)/.exec(card)?.[1];
    expect(cardArgs).toBeDefined();
    const build = site([article(1, "2024-01-01T00:00:00.000Z", { id: "file-a", digest: "a1" })]);
    await writeSearchIndex({ graphql: build.graphql, getNodesByType: build.getNodesByType, getNode: build.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    const asked = build.queries.map((query) => /gatsbyImageData\(([^)]*)\)/.exec(query)?.[1]);
    const normal = (args: string | undefined) => args?.replace(/\s+/g, " ").trim();
    expect(asked.map(normal)).toEqual([normal(cardArgs)]);
  });

  it("rewrites no piece when nothing changed, and after one edit only the pieces the edit touches", async () => {
    const articles = Array.from({ length: 3000 }, (_, n) => article(n, new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString()));
    const write = async (list: ReturnType<typeof article>[]) => {
      const build = site(list);
      await writeSearchIndex({ graphql: build.graphql, getNodesByType: build.getNodesByType, getNode: build.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    };
    const past = new Date("2020-01-01T00:00:00.000Z");
    const ageAll = async () => {
      const files = await readdir(path.join(dir, "public", "search"), { recursive: true, withFileTypes: true });
      await Promise.all(files.filter((entry) => entry.isFile()).map((entry) => utimes(path.join(entry.parentPath, entry.name), past, past)));
    };
    const rewritten = async () => {
      const files = await readdir(path.join(dir, "public", "search"), { recursive: true, withFileTypes: true });
      const changed: string[] = [];
      for (const entry of files.filter((file) => file.isFile())) {
        const file = path.join(entry.parentPath, entry.name);
        if ((await stat(file)).mtimeMs !== past.getTime()) changed.push(path.relative(path.join(dir, "public"), file));
      }
      return changed.sort();
    };
    await write(articles);
    await ageAll();
    await write(articles);
    expect(await rewritten()).toEqual([]);

    // Article 10 (slot 10, card chunk 1) is retitled and so becomes the newest (slot 3000, chunk 375).
    const edited = { ...articles[10]!, title: "Article 10, retitled", lastUpdate: "2030-01-01T00:00:00.000Z" };
    await write([...articles.slice(0, 10), ...articles.slice(11), edited]);
    const changed = await rewritten();
    expect(changed.filter((file) => file.startsWith("search/c/"))).toEqual(["search/c/1.json", "search/c/af.json"]);
    expect(changed.filter((file) => file.startsWith("search/i/"))).toHaveLength(1);
    expect(changed).toContain("search/index.json");
    expect((await index()).slice(0, 2).map((entry) => entry.slug)).toEqual(["article-10", "article-2999"]);
  });

  it("removes pieces no longer made, and the single-file index of earlier builds", async () => {
    const articles = Array.from({ length: 20 }, (_, n) => article(n, new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString()));
    const write = async (list: ReturnType<typeof article>[]) => {
      const build = site(list);
      await writeSearchIndex({ graphql: build.graphql, getNodesByType: build.getNodesByType, getNode: build.getNode, reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store, cache });
    };
    await writeFile(path.join(dir, "public", "blog-index.json"), "[]");
    await write(articles);
    await expect(stat(path.join(dir, "public", "search", "c", "2.json"))).resolves.toBeDefined();
    await write(articles.slice(0, 8));
    await expect(stat(path.join(dir, "public", "search", "c", "2.json"))).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(dir, "public", "blog-index.json"))).rejects.toThrow(/ENOENT/);
    expect(await index()).toHaveLength(8);
  });
});
