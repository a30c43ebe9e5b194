import type { GatsbyNode, NodePluginArgs } from "gatsby";
import { coverImagePolicy, DEFAULT_TYPES, usesFirestore, type FirestoreSourceOptions, type SourcedType } from "./plugin-options";
import { dropDuplicateSlugs, normalizeBlogPost, remoteImageResolver, type NormalizeContext } from "./normalize";
import { localContentImageUrl, readLocalContent, resolveLocalImage } from "./read-local";
import { readPublishedCollection } from "./read-firestore";
import { recordSourceIdentity } from "./source-identity";
import type { BlogPostRecord, DocumentProblem, RawDocument } from "./types";

export const BLOG_POST_TYPE = "BlogPost";

const describe = (collection: string, problem: DocumentProblem): string =>
  `[gatsby-source-firestore] ${collection}/${problem.id}: field "${problem.field}" ${problem.message}`;

async function readType(sourced: SourcedType, options: FirestoreSourceOptions): Promise<RawDocument[]> {
  if (usesFirestore(options)) {
    return readPublishedCollection(sourced.collection, {
      firebaseConfig: options.firebaseConfig ?? {},
      emulatorHost: options.emulatorHost || undefined,
      pageSize: options.pageSize,
    });
  }
  // The embedded default holds sample articles only.
  return sourced.type === BLOG_POST_TYPE && options.localContentDir ? readLocalContent(options.localContentDir) : [];
}

/** Checks every article, reports each problem once, and returns the articles to publish. */
export function acceptBlogPosts(
  documents: RawDocument[],
  context: NormalizeContext,
  warn: (problem: DocumentProblem, skipped: boolean) => void,
): BlogPostRecord[] {
  const posts: BlogPostRecord[] = [];
  for (const document of documents) {
    const result = normalizeBlogPost(document, context);
    if (result.ok) {
      result.warnings.forEach((warning) => warn(warning, false));
      posts.push(result.post);
    } else if (result.problem) {
      warn(result.problem, true);
    }
  }
  const { kept, dropped } = dropDuplicateSlugs(posts);
  dropped.forEach((problem) => warn(problem, true));
  return kept;
}

/**
 * Gatsby garbage-collects stale nodes only on a process's first sourcing, so a re-source
 * (`__refresh`) must itself delete the nodes of documents that are gone or unpublished.
 */
function deleteNodesNotIn(args: NodePluginArgs, type: string, keep: Set<string>): void {
  for (const node of args.getNodesByType(type)) {
    if (node.internal.owner === "gatsby-source-firestore" && !keep.has(node.id)) args.actions.deleteNode(node);
  }
}

function createBlogPostNodes(args: NodePluginArgs, collection: string, documents: RawDocument[], options: FirestoreSourceOptions): number {
  const dir = options.localContentDir ?? "";
  const policy = coverImagePolicy(options);
  const context: NormalizeContext = usesFirestore(options)
    ? { resolveImage: remoteImageResolver(policy) }
    : { resolveImage: (ref) => resolveLocalImage(dir, ref, policy), contentImageUrl: (ref) => localContentImageUrl(dir, ref, policy) };
  const posts = acceptBlogPosts(documents, context, (problem, skipped) =>
    args.reporter.warn(`${describe(collection, problem)}${skipped ? "; the document is skipped" : ""}.`),
  );
  const created = new Set<string>();
  for (const post of posts) {
    const id = args.createNodeId(`${BLOG_POST_TYPE} >>> ${post.documentId}`);
    created.add(id);
    args.actions.createNode({
      ...post,
      id,
      parent: null,
      children: [],
      internal: { type: BLOG_POST_TYPE, contentDigest: args.createContentDigest(post) },
    });
  }
  deleteNodesNotIn(args, BLOG_POST_TYPE, created);
  return posts.length;
}

/** Reads each configured collection and creates one node per valid document. */
export const sourceNodes: GatsbyNode["sourceNodes"] = async (args, pluginOptions) => {
  const options = pluginOptions as FirestoreSourceOptions;
  const origin = usesFirestore(options)
    ? `Firestore project "${options.firebaseConfig?.projectId}"${options.emulatorHost ? ` on the emulator at ${options.emulatorHost}` : ""}`
    : `the sample content in ${options.localContentDir}`;
  recordSourceIdentity(args.actions.setPluginStatus, options);
  for (const sourced of options.types ?? DEFAULT_TYPES) {
    let documents: RawDocument[];
    try {
      documents = await readType(sourced, options);
    } catch (error) {
      args.reporter.panicOnBuild(
        `[gatsby-source-firestore] Could not read collection "${sourced.collection}" from ${origin}: ${(error as Error).message}`,
        error as Error,
      );
      return;
    }
    const mapped = sourced.map
      ? documents.map((d) => ({ id: d.id, data: typeof d.data === "object" && d.data !== null ? sourced.map!(d.data as Record<string, unknown>) : d.data }))
      : documents;
    if (sourced.type === BLOG_POST_TYPE) {
      const count = createBlogPostNodes(args, sourced.collection, mapped, options);
      args.reporter.info(`[gatsby-source-firestore] ${count} published articles from ${origin}`);
    } else {
      const created = new Set<string>();
      for (const document of mapped) {
        const data = typeof document.data === "object" && document.data !== null ? document.data : {};
        const id = args.createNodeId(`${sourced.type} >>> ${document.id}`);
        created.add(id);
        args.actions.createNode({
          ...data,
          documentId: document.id,
          id,
          parent: null,
          children: [],
          internal: { type: sourced.type, contentDigest: args.createContentDigest(data) },
        });
      }
      deleteNodesNotIn(args, sourced.type, created);
    }
  }
};
