import type { CreateResolversArgs } from "gatsby";
import type { BlogPostNode } from "@kindred/article";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, storeOf } from "./covers";
import { resolveSimilar, type ResolverContext, type SimilarArgs } from "./similar-articles";

// The resolvers the site's build gives BlogPost: the fields the article core's BLOG_POST_TYPE_DEFS
// declares but only the build can answer (similar articles, covers from the image store), and one
// query. Everything else a page asks for is stored on the node as the source plugin made it.

/**
 * createResolvers:
 * - `BlogPost.similar(ids)`, the similar articles (src/node/similar-articles.ts);
 * - `BlogPost.featureImage` and `cardImage`, the cover's gatsby-plugin-image data for the article
 *   and for its card, from the image store's records (prepareCovers filled the store before any
 *   query runs), null when the article has no cover;
 * - `Query.blogPostsByIds(ids)`, the BlogPost nodes with these ids in this order. A list page asks
 *   for its own six articles by id (src/node/create-pages.ts puts them in its context) rather than
 *   through allBlogPost: Gatsby makes a query that reads a connection depend on every node of the
 *   type, so one edited article re-ran every list page's query; a query that reads nodes by id
 *   depends on those nodes only.
 */
export function addBlogPostResolvers({
  createResolvers,
  store,
}: Pick<CreateResolversArgs, "createResolvers" | "store">): void {
  const dir = storeOf(store);
  createResolvers({
    BlogPost: {
      similar: {
        resolve: (post: BlogPostNode, args: SimilarArgs, context: ResolverContext) =>
          resolveSimilar(post, args, context),
      },
      featureImage: { resolve: (post: BlogPostNode) => coverData(dir, post, ARTICLE_RECIPE) },
      cardImage: { resolve: (post: BlogPostNode) => coverData(dir, post, CARD_RECIPE) },
    },
    Query: {
      blogPostsByIds: {
        type: "[BlogPost!]!",
        description: "The BlogPost nodes with these ids, in this order; ids of no node are left out.",
        args: { ids: { type: "[String!]!", description: "Node ids (not Firestore document ids)." } },
        resolve: (_source: unknown, { ids }: { ids: string[] }, context: ResolverContext) => {
          const nodes = context.nodeModel.getNodesByIds({ ids, type: "BlogPost" });
          const byId = new Map(nodes.filter(Boolean).map((node) => [node.id, node]));
          return ids.map((id) => byId.get(id)).filter((node) => node !== undefined);
        },
      },
    },
  });
}
