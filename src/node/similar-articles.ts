import { similarIndex, type SimilarCandidate, type SimilarIndex } from "@kindred/article";
import type { BlogPostNode } from "@kindred/article";

// Similar articles, worked out in this one module. The ranking itself is packages/article/src/similar.ts.
// createPages (create-pages.ts) asks similarIdsOf for every article at once, through one index,
// and puts each article's list in its page's context; the page's query hands the list back to the
// `similar` field, which reads only those nodes. So an article page's query depends on four
// BlogPost nodes, not on all of them. Left without ids (GraphiQL, any other query), the field
// works the list out here, and the query then depends on every BlogPost.

/** Every article's similar articles, as node ids, from one index of all of them. */
export function similarIdsOf<T extends SimilarCandidate & { id: string }>(articles: T[]): Map<string, string[]> {
  const index = similarIndex(articles);
  return new Map(articles.map((article) => [article.id, index.similarTo(article).map((other) => other.id)]));
}

/** The part of Gatsby's resolver context these fields use. */
export interface ResolverContext {
  nodeModel: {
    findAll(args: {
      type: string;
      query?: { sort?: Record<string, "ASC" | "DESC"> };
    }): Promise<{ entries: Iterable<BlogPostNode> }>;
    getNodesByIds(args: { ids: string[]; type: string }): BlogPostNode[];
  };
}

/** The arguments of the similar field. */
export interface SimilarArgs {
  /** The node ids of the similar articles, when the caller already knows them (similarIdsOf). */
  ids?: readonly string[] | null;
}

// The similar-articles index of the last set of BlogPost nodes a query saw without ids; rebuilt
// only when a node was added, removed or changed since (node ids and content digests, in order).
let lastSnapshot: { keys: string[]; index: SimilarIndex<BlogPostNode> } | undefined;

function indexOfSnapshot(nodes: BlogPostNode[]): SimilarIndex<BlogPostNode> {
  const keys = nodes.map((node) => `${node.id}\u0000${node.internal.contentDigest}`);
  const previous = lastSnapshot;
  if (previous && previous.keys.length === keys.length && keys.every((key, i) => key === previous.keys[i]))
    return previous.index;
  lastSnapshot = { keys, index: similarIndex(nodes) };
  return lastSnapshot.index;
}

/**
 * The similar articles of a post. Article pages pass `ids`, computed for every article at once in
 * createPages, so the page's query reads only those nodes and Gatsby re-runs it only when one of
 * them, the article itself, or the list (the page's context) changed. Without ids (GraphiQL, any
 * other query) the list is computed here, and the query then depends on every BlogPost.
 */
export async function resolveSimilar(
  post: BlogPostNode,
  { ids }: SimilarArgs,
  context: ResolverContext,
): Promise<BlogPostNode[]> {
  if (ids) return context.nodeModel.getNodesByIds({ ids: [...ids], type: "BlogPost" });
  const { entries } = await context.nodeModel.findAll({ type: "BlogPost", query: { sort: { lastUpdate: "DESC" } } });
  return indexOfSnapshot([...entries]).similarTo(post);
}
