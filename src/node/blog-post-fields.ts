import type { CreateResolversArgs, CreateSchemaCustomizationArgs } from "gatsby";
import type { BlogPostNode } from "../../plugins/gatsby-source-firestore/src/types";
import { safeBlocks, type SafeBlock } from "../lib/block-sanitizer";
import { plainText } from "../lib/inline-sanitizer";
import { highlightCodeBlocks } from "../lib/code-highlight";
import { resolveSimilar, type ResolverContext, type SimilarArgs } from "./similar-articles";
import { recordEntry } from "../../plugins/gatsby-source-firestore/src/build-report";

// The fields the site derives from a BlogPost for its pages: the body made safe, a summary, and the
// similar articles (src/node/similar-articles.ts). They are resolvers, not page context, so an
// article page's context is only its id and its similar articles' ids, and Gatsby re-runs the
// page's query only when a BlogPost it depends on, or that list, changed.

/** The longest description, in characters, before it is cut with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

type Warn = (message: string) => void;

// One sanitizing per version of an article per process: the body and the summary both need the
// blocks, and a problem in the body is reported once, whichever field asked first.
const blocksCache = new Map<string, SafeBlock[]>();

/**
 * The article's body with every block checked and sanitized, and code blocks highlighted; a block
 * left out is reported, naming the document, in the build log and the build's report for editors.
 */
export function safeBlocksOf(post: BlogPostNode, warn: Warn): SafeBlock[] {
  const key = `${post.id}\u0000${post.internal.contentDigest}`;
  let blocks = blocksCache.get(key);
  if (!blocks) {
    blocks = highlightCodeBlocks(
      safeBlocks(post.content.blocks, (message, block) => {
        const document = `blogMetaData/${post.documentId}`;
        warn(`${document}: field "content" ${message}.`);
        recordEntry({ kind: "block", id: post.documentId, document, ...block });
      }),
      post.content.blocks,
    );
    blocksCache.set(key, blocks);
  }
  return blocks;
}

/**
 * The page's description: the text of the first paragraph (or the title), at most 160 characters,
 * counted and cut by code point so an emoji or other astral character is never split in two.
 */
export function articleDescription(blocks: SafeBlock[], title: string): string {
  const firstParagraph = blocks.find((block) => block.type === "paragraph");
  const summary = firstParagraph && "html" in firstParagraph ? plainText(firstParagraph.html) : title;
  const characters = Array.from(summary);
  return characters.length > DESCRIPTION_LENGTH
    ? `${characters
        .slice(0, DESCRIPTION_LENGTH - 3)
        .join("")
        .trimEnd()}…`
    : summary;
}

/** createSchemaCustomization: adds safeBlocks, description and similar to the source plugin's BlogPost. */
export function addBlogPostFields({
  actions,
  schema,
  reporter,
}: Pick<CreateSchemaCustomizationArgs, "actions" | "schema" | "reporter">): void {
  const warn: Warn = (message) => reporter.warn(message);
  actions.createTypes(
    schema.buildObjectType({
      name: "BlogPost",
      interfaces: ["Node"],
      fields: {
        safeBlocks: {
          type: "JSON!",
          description:
            "The body's blocks checked and sanitized at build time, ready to render; unusable blocks are left out.",
          resolve: (post: BlogPostNode) => safeBlocksOf(post, warn),
        },
        description: {
          type: "String!",
          description:
            "The page's meta description: the first paragraph as plain text (or the title), at most 160 characters.",
          resolve: (post: BlogPostNode) => articleDescription(safeBlocksOf(post, warn), post.title),
        },
        similar: {
          type: "[BlogPost!]!",
          description:
            "Up to 3 published articles of another blog sharing a category: most shared categories first, then newest.",
          args: {
            ids: {
              type: "[String!]",
              description:
                "The similar articles' node ids when already computed (article pages pass them from their context); left out, they are computed here.",
            },
          },
          resolve: (post: BlogPostNode, args: SimilarArgs, context: ResolverContext) =>
            resolveSimilar(post, args, context),
        },
      },
    }),
  );
}

/**
 * createResolvers: `blogPostsByIds(ids)`, the BlogPost nodes with these ids in this order. A list
 * page asks for its own six articles by id (src/node/create-pages.ts puts them in its context) rather than
 * through allBlogPost: Gatsby makes a query that reads a connection depend on every node of the type,
 * so one edited article re-ran every list page's query; a query that reads
 * nodes by id depends on those nodes only.
 */
export function addBlogPostQueries({ createResolvers }: Pick<CreateResolversArgs, "createResolvers">): void {
  createResolvers({
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
