import type { CreateNodeArgs, CreateResolversArgs, CreateSchemaCustomizationArgs, Node } from "gatsby";
import { safeBlocks, type SafeBlock } from "../lib/article-body";
import { plainText } from "../lib/sanitize";
import { similarIndex, type SimilarIndex } from "../lib/similar";
import { highlightCodeBlocks } from "./highlight";

// The fields the site derives from a BlogPost for its pages: the body made safe, a summary, and the
// similar articles. They are resolvers, not page context, so an article page's context is only
// its id and its similar articles' ids, and Gatsby re-runs the page's query only when a BlogPost it
// depends on, or that list, changed.

/** A BlogPost node as the source plugin created it (the raw values, before GraphQL formatting). */
export interface BlogPostNode extends Node {
  documentId: string;
  blogId: string;
  title: string;
  categories: string[];
  lastUpdate: string;
  content: { blocks?: unknown };
}

/** The longest description, in characters, before it is cut with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

/** The part of Gatsby's resolver context these fields use. */
interface ResolverContext {
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
  /** The node ids of the similar articles, when the caller already knows them (see pages.ts). */
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

// One sanitizing per version of an article per process: the body and the summary both need the
// blocks. What was left out is kept beside them, to be reported by reportLeftOutBlocks alone: page
// queries run in Gatsby's worker processes and the feed's in the main one, each with its own copy
// of this cache, so a report made while resolving came once per process, twice in a build's log.
const blocksCache = new Map<string, { blocks: SafeBlock[]; problems: string[] }>();

function sanitized(post: BlogPostNode): { blocks: SafeBlock[]; problems: string[] } {
  const key = `${post.id}\u0000${post.internal.contentDigest}`;
  let entry = blocksCache.get(key);
  if (!entry) {
    const problems: string[] = [];
    const blocks = highlightCodeBlocks(
      safeBlocks(post.content.blocks, (message) =>
        problems.push(`blogMetaData/${post.documentId}: field "content" ${message}.`),
      ),
      post.content.blocks,
    );
    entry = { blocks, problems };
    blocksCache.set(key, entry);
  }
  return entry;
}

/** The article's body with every block checked and sanitized, and code blocks highlighted. */
export function articleBlocks(post: BlogPostNode): SafeBlock[] {
  return sanitized(post).blocks;
}

/**
 * onCreateNode: reports what the body of a new or changed BlogPost leaves out, naming the document,
 * the block and why. Gatsby calls it once per version of a node, in the main process only.
 */
export function reportLeftOutBlocks({ node, reporter }: Pick<CreateNodeArgs, "node" | "reporter">): void {
  if (node.internal.type !== "BlogPost") return;
  for (const problem of sanitized(node as BlogPostNode).problems) reporter.warn(problem);
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
}: Pick<CreateSchemaCustomizationArgs, "actions" | "schema">): void {
  actions.createTypes(
    schema.buildObjectType({
      name: "BlogPost",
      interfaces: ["Node"],
      fields: {
        safeBlocks: {
          type: "JSON!",
          description:
            "The body's blocks checked and sanitized at build time, ready to render; unusable blocks are left out.",
          resolve: (post: BlogPostNode) => articleBlocks(post),
        },
        description: {
          type: "String!",
          description:
            "The page's meta description: the first paragraph as plain text (or the title), at most 160 characters.",
          resolve: (post: BlogPostNode) => articleDescription(articleBlocks(post), post.title),
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
 * page asks for its own six articles by id (src/node/pages.ts puts them in its context) rather than
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
