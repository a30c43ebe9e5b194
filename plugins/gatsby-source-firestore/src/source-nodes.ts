import type { GatsbyNode, NodePluginArgs } from "gatsby";
import {
  coverImagePolicy,
  DEFAULT_TYPES,
  usesFirestore,
  type FirestoreSourceOptions,
  type SourcedType,
} from "./plugin-options";
import { dropDuplicateSlugs, normalizeBlogPost, remoteImageResolver, type NormalizeContext } from "./normalize";
import { localContentImageUrl, readLocalContent, resolveLocalImage } from "./read-local";
import { readChangedSince, readPublishedCollection, type FirestoreReadOptions } from "./read-firestore";
import { takeBuildRequest } from "./build-request";
import { recordSourceIdentity, sourceIdentity } from "./source-identity";
import { readSyncState, sameSource, writeSyncState, type SyncState } from "./sync-state";
import type { BlogPost, DocumentProblem } from "@kindred/article";
import type { RawDocument } from "./types";
import { recordEntry, recordProblem } from "@kindred/publishing";
import { reportLeftOutBlocks } from "./report-left-out-blocks";

export const BLOG_POST_TYPE = "BlogPost";

const describe = (collection: string, problem: DocumentProblem): string =>
  `[gatsby-source-firestore] ${collection}/${problem.id}: field "${problem.field}" ${problem.message}`;

const readOptions = (options: FirestoreSourceOptions): FirestoreReadOptions => ({
  firebaseConfig: options.firebaseConfig ?? {},
  emulatorHost: options.emulatorHost || undefined,
  pageSize: options.pageSize,
});

async function readType(sourced: SourcedType, options: FirestoreSourceOptions): Promise<RawDocument[]> {
  if (usesFirestore(options)) return readPublishedCollection(sourced.collection, readOptions(options));
  // The embedded default holds sample articles only.
  return sourced.type === BLOG_POST_TYPE && options.localContentDir ? readLocalContent(options.localContentDir) : [];
}

type ProblemWarning = (problem: DocumentProblem, skipped: boolean) => void;

/**
 * Reports a document's problem through Gatsby's reporter, naming the collection and the document,
 * and the same line in the build's report for editors.
 */
const reportProblem =
  (args: NodePluginArgs, collection: string): ProblemWarning =>
  (problem, skipped) => {
    const line = `${describe(collection, problem)}${skipped ? "; the document is skipped" : ""}.`;
    args.reporter.warn(line);
    recordProblem(collection, problem, skipped, line);
  };

/** Reports the articles a build publishes, for the report's readers to tell what changed. */
const reportArticles = (posts: BlogPost[]): void =>
  recordEntry({
    kind: "articles",
    articles: posts.map(({ documentId, slug, title, lastUpdate }) => ({ id: documentId, slug, title, lastUpdate })),
  });

/**
 * Says which documents the triggers named that the build could not read as published: a draft,
 * an unpublished or a deleted article (the rules show visitors, and the build, nothing else).
 */
function reportAbsent(args: NodePluginArgs, collection: string, named: string[], published: string[]): void {
  const readable = new Set(published);
  for (const id of named.filter((name) => !readable.has(name))) {
    const line = `[gatsby-source-firestore] ${collection}/${id}: not published (field "published" is not true, or the document is gone); left out.`;
    args.reporter.info(line);
    recordEntry({ kind: "absent", id, document: `${collection}/${id}`, message: line });
  }
}

/** Checks each article and reports each problem once; returns the valid ones, slugs not yet compared. */
function normalizeBlogPosts(documents: RawDocument[], context: NormalizeContext, warn: ProblemWarning): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const document of documents) {
    const result = normalizeBlogPost(document, context);
    if (result.ok) {
      result.warnings.forEach((warning) => warn(warning, false));
      posts.push(result.post);
    } else if (result.problem) {
      warn(result.problem, true);
    }
  }
  return posts;
}

/** Checks every article, reports each problem once, and returns the articles to publish. */
export function acceptBlogPosts(
  documents: RawDocument[],
  context: NormalizeContext,
  warn: ProblemWarning,
  onDuplicate: (documentId: string) => void = () => undefined,
): BlogPost[] {
  const { kept, dropped } = dropDuplicateSlugs(normalizeBlogPosts(documents, context, warn));
  dropped.forEach((problem) => {
    onDuplicate(problem.id);
    warn(problem, true);
  });
  return kept;
}

/** Deletes the plugin's nodes of a type that are not in `keep` (their cover File nodes go with them). */
function deleteNodesNotIn(args: NodePluginArgs, type: string, keep: Set<string>): void {
  for (const node of args.getNodesByType(type)) {
    if (node.internal.owner === "gatsby-source-firestore" && !keep.has(node.id)) args.actions.deleteNode(node);
  }
}

const mapDocuments = (sourced: SourcedType, documents: RawDocument[]): RawDocument[] =>
  sourced.map
    ? documents.map((d) => ({
        id: d.id,
        data: typeof d.data === "object" && d.data !== null ? sourced.map!(d.data as Record<string, unknown>) : d.data,
      }))
    : documents;

export function normalizeContext(options: FirestoreSourceOptions): NormalizeContext {
  const dir = options.localContentDir ?? "";
  const policy = coverImagePolicy(options);
  return usesFirestore(options)
    ? { resolveImage: remoteImageResolver(policy) }
    : {
        resolveImage: (ref) => resolveLocalImage(dir, ref, policy),
        contentImageUrl: (ref) => localContentImageUrl(dir, ref, policy),
      };
}

/** What an article's node id is made from: createNodeId of this, in the plugin's namespace (its package name). */
export const blogPostNodeKey = (documentId: string): string => `${BLOG_POST_TYPE} >>> ${documentId}`;

const blogPostNodeId = (args: NodePluginArgs, documentId: string): string =>
  args.createNodeId(blogPostNodeKey(documentId));

function createBlogPostNode(args: NodePluginArgs, post: BlogPost): string {
  const id = blogPostNodeId(args, post.documentId);
  // Unchanged content gives the same digest, and Gatsby then keeps the node (and its cover) as it is.
  // Not awaited, as before: the promise settles when other plugins' onCreateNode have run, which
  // sourcing does not wait for; a rejection still fails the build as an unhandled one.
  void args.actions.createNode({
    ...post,
    id,
    parent: null,
    children: [],
    internal: { type: BLOG_POST_TYPE, contentDigest: args.createContentDigest(post) },
  });
  return id;
}

/** Builds every article from a full read and returns what the next build needs to know. */
function createAllBlogPostNodes(
  args: NodePluginArgs,
  collection: string,
  documents: RawDocument[],
  options: FirestoreSourceOptions,
): Omit<SyncState, "identity" | "lastSync"> {
  const duplicates: string[] = [];
  const posts = acceptBlogPosts(documents, normalizeContext(options), reportProblem(args, collection), (id) =>
    duplicates.push(id),
  );
  const created = new Set(posts.map((post) => createBlogPostNode(args, post)));
  deleteNodesNotIn(args, BLOG_POST_TYPE, created);
  reportArticles(posts);
  reportLeftOutBlocks(posts, args.reporter);
  return { published: documents.map((d) => d.id), withNode: posts.map((post) => post.documentId), duplicates };
}

type Increment =
  | { applied: true; state: Omit<SyncState, "identity" | "lastSync">; read: number }
  | { applied: false; reason: string; read: number };

/**
 * A warm build: reads the documents changed since the last sync (less a margin for clock skew) and
 * those named in CHANGED_DOCUMENT_IDS, then counts the published documents. Unpublishing or deleting
 * a document hides it from these reads (the rules show published documents only), so the count is
 * what reveals it: when it differs from the ids known, nothing is applied and the caller reads
 * everything again.
 */
async function applyChanges(
  args: NodePluginArgs,
  sourced: SourcedType,
  options: FirestoreSourceOptions,
  previous: SyncState,
  changedIds: string[],
): Promise<Increment> {
  const since = new Date(previous.lastSync - options.syncMarginMinutes * 60_000);
  const changed = await readChangedSince(sourced.collection, readOptions(options), since, changedIds);
  const read = changed.documents.length;
  const published = new Set(previous.published);
  changed.documents.forEach((d) => published.add(d.id));
  changed.notPublished.forEach((id) => published.delete(id));
  if (published.size !== changed.publishedCount) {
    return {
      applied: false,
      read,
      reason: `Firestore counts ${changed.publishedCount} published documents where ${published.size} were expected`,
    };
  }

  const changedIdSet = new Set([...changed.documents.map((d) => d.id), ...changed.notPublished]);
  const accepted = normalizeBlogPosts(
    mapDocuments(sourced, changed.documents),
    normalizeContext(options),
    reportProblem(args, sourced.collection),
  );
  const unchanged = previous.withNode
    .filter((id) => !changedIdSet.has(id))
    .map((id) => args.getNode(blogPostNodeId(args, id)) as (BlogPost & { id: string }) | undefined);
  if (unchanged.some((node) => node === undefined))
    return { applied: false, read, reason: "an article's node is missing from the cache" };

  // A document left out for its slug may have to come back when the article that won it goes or
  // moves; its data was never kept, so that case is read in full.
  const oldSlugs = new Map(
    previous.withNode
      .filter((id) => changedIdSet.has(id))
      .map((id) => [id, (args.getNode(blogPostNodeId(args, id)) as { slug?: string } | undefined)?.slug]),
  );
  const stillDuplicates = previous.duplicates.filter((id) => !changedIdSet.has(id));
  const slugFreed = [...oldSlugs].some(([id, slug]) => accepted.find((post) => post.documentId === id)?.slug !== slug);
  if (stillDuplicates.length > 0 && slugFreed) {
    return {
      applied: false,
      read,
      reason: "an article that another document shared a slug with was changed or removed",
    };
  }

  const { kept, dropped } = dropDuplicateSlugs([...(unchanged as BlogPost[]), ...accepted]);
  dropped.forEach((problem) => reportProblem(args, sourced.collection)(problem, true));
  const keptIds = new Set(kept.map((post) => post.documentId));
  // An article not read again is still on the site with its malformed blocks left out: each build's
  // report must list them, since the rebuild service may write its status from this build alone.
  for (const post of unchanged as BlogPost[])
    if (keptIds.has(post.documentId))
      post.malformedBlocks?.forEach((problem) => reportProblem(args, sourced.collection)(problem, false));
  for (const post of accepted) if (keptIds.has(post.documentId)) createBlogPostNode(args, post);
  deleteNodesNotIn(args, BLOG_POST_TYPE, new Set(kept.map((post) => blogPostNodeId(args, post.documentId))));
  reportArticles(kept);
  reportLeftOutBlocks(kept, args.reporter);
  return {
    applied: true,
    read,
    state: {
      published: [...published].sort(),
      withNode: [...keptIds].sort(),
      duplicates: [...stillDuplicates, ...dropped.map((p) => p.id)].sort(),
    },
  };
}

/**
 * Sources the articles of a Firestore collection, incrementally when the saved state allows it.
 *
 * What a warm build can miss: an edit that leaves `lastUpdate` older than the last sync minus the
 * margin (a writer's clock far behind, or an edit that does not touch `lastUpdate`), unless the
 * trigger names the document in CHANGED_DOCUMENT_IDS; and an addition and a removal in the same
 * interval that cancel out in the count while the addition is dated in the past. A full read
 * (`FIRESTORE_FULL_READ=true`, a new workspace, or another source) puts everything right.
 */
async function sourceFirestoreBlogPosts(
  args: NodePluginArgs,
  sourced: SourcedType,
  options: FirestoreSourceOptions,
): Promise<number> {
  const startedAt = Date.now();
  const previous = readSyncState(args.store.getState(), sourced.collection);
  // `gatsby develop` re-sources on an editor's request (POST /__refresh) to preview exactly what is
  // stored, including edits that did not move lastUpdate: it always reads everything.
  const developing = process.env.gatsby_executing_command === "develop";
  const request = takeBuildRequest();
  const forceFull = !options.incremental || request.fullRead || developing;
  const changedIds = request.changedIds;
  let read = 0;
  let state: Omit<SyncState, "identity" | "lastSync"> | null = null;
  let why = developing
    ? "gatsby develop reads everything"
    : forceFull
      ? "incremental sourcing is off"
      : previous === null
        ? "no earlier sourcing is recorded"
        : "the content source changed";
  if (!forceFull && previous !== null && sameSource(previous, options)) {
    const increment = await applyChanges(args, sourced, options, previous, changedIds);
    read += increment.read;
    if (increment.applied) state = increment.state;
    else why = increment.reason;
  }
  const mode = state ? "incremental" : "full";
  if (!state) {
    args.reporter.info(`[gatsby-source-firestore] ${sourced.collection}: full read (${why})`);
    const documents = await readPublishedCollection(sourced.collection, readOptions(options));
    read += documents.length;
    state = createAllBlogPostNodes(args, sourced.collection, mapDocuments(sourced, documents), options);
  }
  args.reporter.info(
    `[gatsby-source-firestore] ${sourced.collection}: ${read} documents read from Firestore (${mode})`,
  );
  reportAbsent(args, sourced.collection, changedIds, state.published);
  writeSyncState(args.actions.setPluginStatus, sourced.collection, {
    identity: sourceIdentity(options),
    lastSync: startedAt,
    ...state,
  });
  return state.withNode.length;
}

/**
 * Reads each configured collection and creates one node per valid document. The plugin's nodes
 * are stateful: Gatsby keeps them between builds until the plugin deletes them, which it does for
 * documents that are gone, unpublished or no longer valid.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = async (args, pluginOptions) => {
  const options = pluginOptions as FirestoreSourceOptions;
  const origin = usesFirestore(options)
    ? `Firestore project "${options.firebaseConfig?.projectId}"${options.emulatorHost ? ` on the emulator at ${options.emulatorHost}` : ""}`
    : `the sample content in ${options.localContentDir}`;
  // Gatsby 5.12 on (package.json asks for ^5.16) keeps the nodes until the plugin deletes them.
  args.actions.enableStatefulSourceNodes!();
  recordSourceIdentity(args.actions.setPluginStatus, options);
  for (const sourced of options.types ?? DEFAULT_TYPES) {
    try {
      if (sourced.type === BLOG_POST_TYPE && usesFirestore(options)) {
        const count = await sourceFirestoreBlogPosts(args, sourced, options);
        args.reporter.info(`[gatsby-source-firestore] ${count} published articles from ${origin}`);
        continue;
      }
      // The sample content, and other types, are read in full: stale nodes are deleted here.
      const documents = mapDocuments(sourced, await readType(sourced, options));
      if (sourced.type === BLOG_POST_TYPE) {
        const { withNode } = createAllBlogPostNodes(args, sourced.collection, documents, options);
        args.reporter.info(`[gatsby-source-firestore] ${withNode.length} published articles from ${origin}`);
        continue;
      }
      const created = new Set<string>();
      for (const document of documents) {
        const data = typeof document.data === "object" && document.data !== null ? document.data : {};
        const id = args.createNodeId(`${sourced.type} >>> ${document.id}`);
        created.add(id);
        void args.actions.createNode({
          ...data,
          documentId: document.id,
          id,
          parent: null,
          children: [],
          internal: { type: sourced.type, contentDigest: args.createContentDigest(data) },
        });
      }
      deleteNodesNotIn(args, sourced.type, created);
    } catch (error) {
      args.reporter.panicOnBuild(
        `[gatsby-source-firestore] Could not read collection "${sourced.collection}" from ${origin}: ${(error as Error).message}`,
        error as Error,
      );
      return;
    }
  }
};
