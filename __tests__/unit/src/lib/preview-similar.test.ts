/** @jest-environment node */
import type { PreviewArticle } from "../../../../src/lib/preview-article";
import { similarCards } from "../../../../src/lib/preview-similar";
import { article } from "../../../support/articles";

// Similar articles under a draft in the preview: the build's rule (shared categories first, then the
// newest, three at most, never the article itself or its own blog) over the published articles the
// preview's query found, each one checked by the contract as the build would check it.

const draft: PreviewArticle = {
  blogId: "blog-draft",
  title: "The draft",
  slug: "the-draft",
  categories: ["First Dates", "Safety", "Texting"],
  lastUpdate: "2025-03-01T10:00:00.000Z",
  updatedOn: null,
  image: null,
  blocks: [],
  published: false,
  warnings: [],
};

/** A published blogMetaData document found by the preview's query. */
const found = (slug: string, categories: string[], lastUpdate: string, overrides: Record<string, unknown> = {}) => ({
  id: `meta-${slug}`,
  data: article(slug, { categories, lastUpdate, ...overrides }),
});

describe("similarCards", () => {
  it("ranks by the categories shared with the draft, then newest first, and keeps three", () => {
    const cards = similarCards("meta-the-draft", draft, [
      found("one-shared-newest", ["Safety"], "2025-02-20T00:00:00.000Z"),
      found("two-shared", ["First Dates", "Texting"], "2024-01-01T00:00:00.000Z"),
      found("one-shared-older", ["First Dates"], "2024-06-01T00:00:00.000Z"),
      found("one-shared-oldest", ["Texting"], "2023-06-01T00:00:00.000Z"),
      found("none-shared", ["Weddings"], "2025-02-28T00:00:00.000Z"),
    ]);
    expect(cards.map((card) => card.slug)).toEqual(["two-shared", "one-shared-newest", "one-shared-older"]);
    expect(cards[0]).toMatchObject({
      id: "meta-two-shared",
      title: "Title of two-shared",
      categories: ["First Dates", "Texting"],
      lastUpdate: "2024-01-01T00:00:00.000Z",
    });
  });

  it("never shows the draft's own document, its own blog, or a document the build would refuse", () => {
    const cards = similarCards("meta-the-draft", draft, [
      found("the-draft", ["Safety"], "2025-02-01T00:00:00.000Z"),
      found("same-blog", ["Safety"], "2025-02-01T00:00:00.000Z", { blogId: "blog-draft" }),
      found("no-title", ["Safety"], "2025-02-01T00:00:00.000Z", { title: undefined }),
      found("Not A Slug", ["Safety"], "2025-02-01T00:00:00.000Z"),
      found("kept", ["Safety"], "2024-02-01T00:00:00.000Z"),
    ]);
    expect(cards.map((card) => card.slug)).toEqual(["kept"]);
  });

  it("breaks a tie between equals as the build does, by document id", () => {
    const same = "2024-05-05T00:00:00.000Z";
    const cards = similarCards("meta-the-draft", draft, [
      found("b-article", ["Safety"], same),
      found("c-article", ["Safety"], same),
      found("a-article", ["Safety"], same),
    ]);
    expect(cards.map((card) => card.id)).toEqual(["meta-a-article", "meta-b-article", "meta-c-article"]);
  });

  it("has nothing to show without candidates", () => {
    expect(similarCards("meta-the-draft", draft, [])).toEqual([]);
  });
});
