import type { BuildArgs, Node } from "gatsby";
import { newestFirst } from "../lib/contract";
import type { IndexableArticle } from "../lib/search-index";

// The steps after the pages (search index, sharing images, feed) read the BlogPost nodes directly.
// Through GraphQL, each `allBlogPost` cost time in proportion to the articles on every build, mostly
// Gatsby's bookkeeping for every node a query returns; these steps need fields stored on the nodes
// as they are, and the cover's File node, which the node names by id.

/** A BlogPost node as the source plugin stores it, with the fields these steps read. */
export interface StoredBlogPost extends Node, IndexableArticle {
  updatedOn?: string | null;
  fields?: { featureImageId?: string };
}

/** The cover's File node, with the fields these steps read. */
export interface StoredCover extends Node {
  absolutePath: string;
}

type NodeReaders = Pick<BuildArgs, "getNodesByType" | "getNode">;

/**
 * Every published article, newest lastUpdate first; equal dates by document id, the order that
 * decides between articles everywhere else (src/lib/contract.ts), so it is the same in every build
 * whatever order the nodes were created in.
 */
export function blogPostsNewestFirst({ getNodesByType }: Pick<NodeReaders, "getNodesByType">): StoredBlogPost[] {
  const byDocument = (post: StoredBlogPost) => ({ id: post.documentId, lastUpdate: post.lastUpdate });
  return [...(getNodesByType("BlogPost") as StoredBlogPost[])].sort((a, b) => newestFirst(byDocument(a), byDocument(b)));
}

/** The article's processed cover (the File node the source plugin linked), or null when it has none. */
export function coverOf(post: StoredBlogPost, { getNode }: Pick<NodeReaders, "getNode">): StoredCover | null {
  const id = post.fields?.featureImageId;
  return id ? ((getNode(id) as StoredCover | undefined) ?? null) : null;
}
