import type { CreateNodeArgs, CreateResolversArgs, CreateSchemaCustomizationArgs, NodePluginArgs } from "gatsby";
import type { BlogPostNode } from "../../plugins/gatsby-source-firestore/src/types";
import { safeBlocks, type SafeBlock } from "../lib/block-sanitizer";
import { plainText } from "../lib/inline-sanitizer";
import { highlightCodeBlocks } from "../lib/code-highlight";
import { resolveSimilar, type ResolverContext, type SimilarArgs } from "./similar-articles";
import { recordEntry } from "../../plugins/gatsby-source-firestore/src/build-report";
import { storedBlockIndex } from "../../plugins/gatsby-source-firestore/rules/editor-content";

// The fields the site derives from a BlogPost for its pages: the body made safe, a summary, and the
// similar articles (src/node/similar-articles.ts). They are resolvers, not page context, so an
// article page's context is only its id and its similar articles' ids, and Gatsby re-runs the
// page's query only when a BlogPost it depends on, or that list, changed.

/** The longest description, in characters, before it is cut with an ellipsis. */
export const DESCRIPTION_LENGTH = 160;

type Warn = (message: string) => void;

/** A block left out or cut: the build log's line, and the report entry's fields. */
interface LeftOut {
  message: string;
  block: { block: number; type: string; reason: string };
}

// One sanitizing per version of an article per process: the body and the summary both need the
// blocks. What was left out is kept beside them, and reported by reportLeftOutBlocks alone, once a
// build: page queries run in Gatsby's worker processes and the feed's in the main one, each with its
// own copy of this cache, so a report made while resolving came once per process, twice a build.
const blocksCache = new Map<string, { blocks: SafeBlock[]; leftOut: LeftOut[] }>();

function sanitized(post: BlogPostNode): { blocks: SafeBlock[]; leftOut: LeftOut[] } {
  const key = `${post.id}\u0000${post.internal.contentDigest}`;
  let entry = blocksCache.get(key);
  if (!entry) {
    const leftOut: LeftOut[] = [];
    const blocks = highlightCodeBlocks(
      safeBlocks(
        post.content.blocks,
        (message, block) => leftOut.push({ message, block }),
        undefined,
        // Malformed blocks were left out when the document was read: name each block by its stored place.
        storedBlockIndex(post.malformedBlocks ?? []),
      ),
      post.content.blocks,
    );
    entry = { blocks, leftOut };
    blocksCache.set(key, entry);
  }
  return entry;
}

/** The article's body with every block checked and sanitized, and code blocks highlighted. */
export function articleBlocks(post: BlogPostNode): SafeBlock[] {
  return sanitized(post).blocks;
}

/** The node field that carries an article's left-out blocks from build to build. */
export const LEFT_OUT_FIELD = "leftOutBlocks";

/** A BlogPost node as onCreateNode left it: with what its body leaves out kept in a node field. */
type KeptNode = BlogPostNode & { fields?: { [LEFT_OUT_FIELD]?: LeftOut[] } };

/** One line in the build log and one entry in the build's report for each block left out or cut. */
function reportEach(post: BlogPostNode, leftOut: LeftOut[], warn: Warn): void {
  const document = `blogMetaData/${post.documentId}`;
  for (const { message, block } of leftOut) {
    warn(`${document}: field "content" ${message}.`);
    recordEntry({ kind: "block", id: post.documentId, document, ...block });
  }
}

/**
 * The article's body, with each block left out or cut reported, naming the document, in the build
 * log and, through the same call, in the build's report for editors: one line, one entry.
 */
export function safeBlocksOf(post: BlogPostNode, warn: Warn): SafeBlock[] {
  const { blocks, leftOut } = sanitized(post);
  reportEach(post, leftOut, warn);
  return blocks;
}

/**
 * onCreateNode: keeps what the body of a new or changed BlogPost leaves out in a node field. Gatsby
 * calls it once per version of a node, in the main process only, and stores the field with the node
 * in its cache; a warm build that keeps the node keeps the field, so the body is not sanitized again.
 */
export function keepLeftOutBlocks({ node, actions }: Pick<CreateNodeArgs, "node" | "actions">): void {
  if (node.internal.type !== "BlogPost") return;
  actions.createNodeField({ node, name: LEFT_OUT_FIELD, value: sanitized(node as unknown as BlogPostNode).leftOut });
}

/**
 * Once per build (from createPages, in the main process): reports every block that every article of
 * the site as built leaves out, from the node fields onCreateNode kept. Each build's report must be
 * whole: the rebuild service writes an article's status from this build's report alone, and an
 * article the triggers name but whose node did not change (a new end date, say) must still show them.
 */
export function reportLeftOutBlocks({
  getNodesByType,
  reporter,
}: Pick<NodePluginArgs, "getNodesByType" | "reporter">): void {
  for (const node of getNodesByType("BlogPost")) {
    const post = node as unknown as KeptNode;
    // A node kept from a build that did not store the field yet is sanitized here, once.
    reportEach(post, post.fields?.[LEFT_OUT_FIELD] ?? sanitized(post).leftOut, (message) => reporter.warn(message));
  }
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
