/** @jest-environment node */
import type { CreateResolversArgs, Store } from "gatsby";
import { addBlogPostResolvers } from "../../../../src/node/blog-post-resolvers";
// The core as the build imports it: a spy on its entry is what the resolvers call.
import * as article from "@kindred/article";

interface FieldConfig {
  type?: string;
  description?: string;
  resolve: (source: unknown, args: unknown, context: unknown) => unknown;
}

let serial = 0;
const post = (overrides: Partial<article.BlogPostNode> = {}): article.BlogPostNode => {
  serial += 1;
  return {
    id: `node-${serial}`,
    parent: null,
    children: [],
    internal: { type: "BlogPost", contentDigest: `digest-${serial}`, owner: "gatsby-source-firestore" },
    documentId: `doc-${serial}`,
    blogId: `blog-${serial}`,
    title: "A title",
    categories: ["Dating Tips"],
    lastUpdate: "2024-01-01T00:00:00.000Z",
    ...overrides,
  } as article.BlogPostNode;
};

/** The resolvers addBlogPostResolvers gives, by type and field. */
function resolvers(): Record<"BlogPost" | "Query", Record<string, FieldConfig>> {
  const createResolvers = jest.fn();
  const store = { getState: () => ({ program: { directory: "/site" } }) } as unknown as Store;
  addBlogPostResolvers({ createResolvers, store } as unknown as Pick<CreateResolversArgs, "createResolvers" | "store">);
  return createResolvers.mock.calls[0]![0];
}
const fields = (): Record<string, FieldConfig> => resolvers().BlogPost;

describe("the BlogPost resolvers", () => {
  it("resolve the three fields only the build can answer: similar and the two covers", () => {
    expect(Object.keys(fields()).sort()).toEqual(["cardImage", "featureImage", "similar"]);
    // Their types and descriptions are the article core's one definition of BlogPost, not given here.
    for (const field of Object.values(fields())) expect(field.type).toBeUndefined();
  });

  it("similar ranks the other blogs' articles by shared categories, then newest, at most 3", async () => {
    const similarField = fields().similar!;
    const current = post({ blogId: "mine", categories: ["A", "B"] });
    const sameBlog = post({ blogId: "mine", categories: ["A", "B"] });
    const twoShared = post({ categories: ["B", "A"], lastUpdate: "2023-01-01T00:00:00.000Z" });
    const oneNewer = post({ categories: ["A"], lastUpdate: "2024-06-01T00:00:00.000Z" });
    const oneOlder = post({ categories: ["B"], lastUpdate: "2024-02-01T00:00:00.000Z" });
    const oneOldest = post({ categories: ["A"], lastUpdate: "2022-01-01T00:00:00.000Z" });
    const none = post({ categories: ["C"] });
    const findAll = jest
      .fn()
      .mockResolvedValue({ entries: new Set([current, sameBlog, oneOldest, none, oneOlder, twoShared, oneNewer]) });
    const similar = await similarField.resolve(current, {}, { nodeModel: { findAll } });
    expect(similar).toEqual([twoShared, oneNewer, oneOlder]);
    expect(findAll).toHaveBeenCalledWith({ type: "BlogPost", query: { sort: { lastUpdate: "DESC" } } });
  });

  it("similar reads only the nodes it is given by id, in that order, when the page passes them", async () => {
    const similarField = fields().similar!;
    const first = post();
    const second = post();
    const findAll = jest.fn();
    const getNodesByIds = jest.fn().mockReturnValue([second, first]);
    const similar = await similarField.resolve(
      post(),
      { ids: [second.id, first.id] },
      { nodeModel: { findAll, getNodesByIds } },
    );
    expect(similar).toEqual([second, first]);
    expect(getNodesByIds).toHaveBeenCalledWith({ ids: [second.id, first.id], type: "BlogPost" });
    // Reading all articles would make the page depend on every one of them.
    expect(findAll).not.toHaveBeenCalled();
  });

  it("similar without ids builds its index once per set of nodes, again when a node changed", async () => {
    const similarField = fields().similar!;
    const build = jest.spyOn(article, "similarIndex");
    try {
      const articles = [post({ categories: ["A"] }), post({ categories: ["A"] }), post({ categories: ["A"] })];
      let nodes = articles;
      const context = { nodeModel: { findAll: jest.fn(async () => ({ entries: [...nodes] })) } };
      for (const article of articles) await similarField.resolve(article, {}, context);
      expect(build).toHaveBeenCalledTimes(1);

      const edited = {
        ...articles[2]!,
        categories: ["B"],
        internal: { ...articles[2]!.internal, contentDigest: "edited" },
      };
      nodes = [articles[0]!, articles[1]!, edited];
      expect(await similarField.resolve(articles[0]!, {}, context)).toEqual([articles[1]]);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      build.mockRestore();
    }
  });
});

describe("blogPostsByIds", () => {
  it("gives the BlogPost nodes of the ids, in their order, through getNodesByIds (which ties the page to those nodes only)", () => {
    const field = resolvers().Query.blogPostsByIds!;
    expect(field.type).toBe("[BlogPost!]!");
    const nodes = { a: { id: "a" }, b: { id: "b" }, c: { id: "c" } } as Record<string, { id: string }>;
    const getNodesByIds = jest.fn(({ ids }: { ids: string[] }) => ids.map((id) => nodes[id]).filter(Boolean));
    const result = field.resolve(null, { ids: ["c", "missing", "a"] }, { nodeModel: { getNodesByIds } });
    expect(result).toEqual([{ id: "c" }, { id: "a" }]);
    expect(getNodesByIds).toHaveBeenCalledWith({ ids: ["c", "missing", "a"], type: "BlogPost" });
  });
});
