import type { BuildArgs } from "gatsby";
import { newestFirst } from "@kindred/article";
import type { BlogPostNode } from "@kindred/article";

// The steps after the pages (search index, sharing images, feed) read the BlogPost nodes directly.
// Through GraphQL, each `allBlogPost` cost time in proportion to the articles on every build, mostly
// Gatsby's bookkeeping for every node a query returns; these steps need fields stored on the nodes
// as they are, and the cover's source, which the image store looks up (src/node/covers.ts).

type NodeReaders = Pick<BuildArgs, "getNodesByType">;

/**
 * Every published article, newest lastUpdate first; equal dates by document id, the order that
 * decides between articles everywhere else (packages/article/src/contract.ts), so it is the same in every build
 * whatever order the nodes were created in.
 */
export function blogPostsNewestFirst({ getNodesByType }: Pick<NodeReaders, "getNodesByType">): BlogPostNode[] {
  const byDocument = (post: BlogPostNode) => ({ id: post.documentId, lastUpdate: post.lastUpdate });
  return [...(getNodesByType("BlogPost") as BlogPostNode[])].sort((a, b) => newestFirst(byDocument(a), byDocument(b)));
}
