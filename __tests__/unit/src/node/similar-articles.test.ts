/** @jest-environment node */
import type { BlogPostNode } from "@kindred/article";
import { resolveSimilar, similarIdsOf, type ResolverContext } from "../../../../src/node/similar-articles";

/** An article as the similar-articles rule reads it. */
const node = (id: string, blogId: string, categories: string[], lastUpdate: string, digest = id): BlogPostNode =>
  ({
    id,
    documentId: `doc-${id}`,
    blogId,
    categories,
    lastUpdate,
    internal: { type: "BlogPost", contentDigest: digest },
  }) as BlogPostNode;

const ARTICLES = [
  node("a", "blog-a", ["Dating Tips", "Safety"], "2024-05-01T00:00:00.000Z"),
  node("b", "blog-b", ["Dating Tips", "Safety"], "2024-04-01T00:00:00.000Z"),
  node("c", "blog-c", ["Safety"], "2024-06-01T00:00:00.000Z"),
  node("d", "blog-d", ["Recipes"], "2024-07-01T00:00:00.000Z"),
];

describe("similarIdsOf", () => {
  it("gives every article the node ids of its similar articles, most categories shared first, then newest", () => {
    expect(similarIdsOf(ARTICLES)).toEqual(
      new Map([
        ["a", ["b", "c"]],
        ["b", ["a", "c"]],
        ["c", ["a", "b"]],
        ["d", []],
      ]),
    );
  });

  it("gives nothing for no articles", () => {
    expect(similarIdsOf([])).toEqual(new Map());
  });
});

describe("resolveSimilar", () => {
  const context = (nodes: BlogPostNode[]) => {
    const nodeModel = {
      findAll: jest.fn(async () => ({ entries: nodes })),
      getNodesByIds: jest.fn(({ ids }: { ids: string[] }) => ids.map((id) => nodes.find((n) => n.id === id)!)),
    };
    return { nodeModel } satisfies ResolverContext;
  };

  it("reads the nodes of the ids the page passes, and no other", async () => {
    const { nodeModel } = context(ARTICLES);
    expect(await resolveSimilar(ARTICLES[0]!, { ids: ["c", "b"] }, { nodeModel })).toEqual([ARTICLES[2], ARTICLES[1]]);
    expect(await resolveSimilar(ARTICLES[3]!, { ids: [] }, { nodeModel })).toEqual([]);
    expect(nodeModel.findAll).not.toHaveBeenCalled();
  });

  it("without ids, works the list out from every article, as similarIdsOf does", async () => {
    const { nodeModel } = context(ARTICLES);
    const ids = similarIdsOf(ARTICLES);
    for (const article of ARTICLES) {
      const similar = await resolveSimilar(article, { ids: null }, { nodeModel });
      expect(similar.map((other) => other.id)).toEqual(ids.get(article.id));
    }
    expect(nodeModel.getNodesByIds).not.toHaveBeenCalled();
  });

  it("without ids, sees an article that changed since the last query", async () => {
    const before = context(ARTICLES);
    expect((await resolveSimilar(ARTICLES[3]!, {}, before)).map((other) => other.id)).toEqual([]);
    const recategorised = node("c", "blog-c", ["Recipes"], "2024-06-01T00:00:00.000Z", "c-edited");
    const after = context([ARTICLES[0]!, ARTICLES[1]!, recategorised, ARTICLES[3]!]);
    expect((await resolveSimilar(ARTICLES[3]!, {}, after)).map((other) => other.id)).toEqual(["c"]);
  });
});
