/** @jest-environment node */
import { buildSearchIndex, type IndexableArticle } from "../../../../src/lib/search-index";

// The search index's entries: what a result card needs of each article, newest first.

const article = (n: number, lastUpdate: string, categories = ["Dating", "Safety", "Travel"]): IndexableArticle => ({
  documentId: `doc-${n}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  categories,
  featureImageUrl: `https://images.example/${n}.webp`,
  lastUpdate,
});

describe("buildSearchIndex", () => {
  const articles = (): IndexableArticle[] => [
    article(1, "2024-01-01T00:00:00.000Z"),
    article(2, "2024-03-01T00:00:00.000Z", ["Dating"]),
    article(3, "2024-02-01T00:00:00.000Z", []),
  ];

  it("lists the articles newest first, with at most their first two categories and their stored cover", () => {
    expect(buildSearchIndex(articles())).toEqual([
      {
        id: "doc-2",
        slug: "article-2",
        title: "Article 2",
        categories: ["Dating"],
        image: "https://images.example/2.webp",
        lastUpdate: "2024-03-01T00:00:00.000Z",
      },
      {
        id: "doc-3",
        slug: "article-3",
        title: "Article 3",
        categories: [],
        image: "https://images.example/3.webp",
        lastUpdate: "2024-02-01T00:00:00.000Z",
      },
      {
        id: "doc-1",
        slug: "article-1",
        title: "Article 1",
        categories: ["Dating", "Safety"],
        image: "https://images.example/1.webp",
        lastUpdate: "2024-01-01T00:00:00.000Z",
      },
    ]);
  });

  it("takes each card's image from the function it is given, and leaves the articles' order alone", () => {
    const given = articles();
    const entries = buildSearchIndex(given, (a) => `/static/${a.documentId}/card.jpg`);
    expect(entries.map((entry) => entry.image)).toEqual([
      "/static/doc-2/card.jpg",
      "/static/doc-3/card.jpg",
      "/static/doc-1/card.jpg",
    ]);
    expect(given.map((a) => a.documentId)).toEqual(["doc-1", "doc-2", "doc-3"]);
  });
});
