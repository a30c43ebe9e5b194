/** @jest-environment node */
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreatePagesArgs, Reporter, Store } from "gatsby";
import { searchIndexOf, writeSearchIndex } from "../../../src/node/search-index";

const article = (n: number, lastUpdate: string, featureImage: unknown = null) => ({
  documentId: `doc-${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  categories: ["A", "B", "C"],
  featureImageUrl: `https://images.example.test/${n}.webp`,
  lastUpdate,
  featureImage: featureImage as never,
});

describe("searchIndexOf", () => {
  it("lists articles newest first with two categories and the processed card image, else the stored URL", () => {
    const processed = { childImageSharp: { gatsbyImageData: { images: { fallback: { src: "/static/abc/card.jpg" } } } } };
    expect(searchIndexOf([article(1, "2024-01-01T00:00:00.000Z"), article(2, "2024-05-01T00:00:00.000Z", processed)])).toEqual([
      { id: "doc-2", slug: "article-2", title: "Article 2", categories: ["A", "B"], image: "/static/abc/card.jpg", lastUpdate: "2024-05-01T00:00:00.000Z" },
      { id: "doc-1", slug: "article-1", title: "Article 1", categories: ["A", "B"], image: "https://images.example.test/1.webp", lastUpdate: "2024-01-01T00:00:00.000Z" },
    ]);
  });
});

describe("writeSearchIndex", () => {
  it("writes public/blog-index.json", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "search-index-"));
    await mkdir(path.join(site, "public"));
    const graphql = jest.fn().mockResolvedValue({ data: { allBlogPost: { nodes: [article(1, "2024-01-01T00:00:00.000Z")] } } });
    const store = { getState: () => ({ program: { directory: site } }) } as unknown as Store;
    await writeSearchIndex({ graphql: graphql as unknown as CreatePagesArgs["graphql"], reporter: { panicOnBuild: jest.fn() } as unknown as Reporter, store });
    expect(JSON.parse(await readFile(path.join(site, "public", "blog-index.json"), "utf8"))).toEqual([expect.objectContaining({ id: "doc-1", slug: "article-1" })]);
  });
});
