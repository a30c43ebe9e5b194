import type { Normalized, RawDocument } from "./types";
import {
  checkArticle,
  checkCoverUrl,
  finishBody,
  newestFirst,
  normalizeContent,
  type BlogPost,
  type CoverImagePolicy,
  type DocumentProblem,
  type ImageSource,
} from "@kindred/article";

export interface NormalizeContext {
  /** Resolves a cover image reference, or returns a message saying why it cannot be used. */
  resolveImage: (reference: string) => ImageSource | string;
  /** Rewrites an image URL inside the article body (sample content uses relative paths). */
  contentImageUrl?: (reference: string) => string;
}

/**
 * Checks one `blogMetaData` document against the data contract (the article core's, which the
 * browser applies too). A document that breaks a rule is refused with the field at fault; one that
 * is merely imperfect (a bad `updatedOn`, a malformed block, a cover from a host that is not
 * allowed) is kept with warnings. Unpublished documents are left out without a warning.
 */
export function normalizeBlogPost(document: RawDocument, context: NormalizeContext): Normalized {
  const { id, data } = document;
  const checked = checkArticle(data, "blogMetaData");
  if (!checked.ok) return { ok: false, problem: checked.problem ? { id, ...checked.problem } : null };
  const { article } = checked;
  const warnings: DocumentProblem[] = checked.warnings.map((warning) => ({ id, ...warning }));

  const content = normalizeContent(
    id,
    data && typeof data === "object" ? (data as { content?: unknown }).content : undefined,
    context.contentImageUrl,
  );
  if (content === null)
    return {
      ok: false,
      problem: { id, field: "content", message: "is not Editor.js output ({time, blocks, version})" },
    };
  const image = context.resolveImage(article.featureImage);
  if (typeof image === "string") {
    warnings.push({ id, field: "featureImage", message: `${image}; the article is built without a cover image` });
  }
  warnings.push(...content.problems);

  const post: BlogPost = {
    documentId: id,
    blogId: article.blogId ?? "",
    title: article.title,
    slug: article.slug,
    categories: article.categories,
    featureImageUrl: typeof image === "string" ? "" : image.kind === "url" ? image.url : image.publicUrl,
    published: true,
    lastUpdate: article.lastUpdate,
    updatedOn: article.updatedOn,
    content: content.content,
    // The body as the pages get it, made here once for this version of the document.
    ...finishBody(content.content.blocks, article.title, content.problems),
    featureImageSource: typeof image === "string" ? null : image,
    // Part of the post, so of its digest: removing a malformed block changes the node.
    ...(content.problems.length > 0 ? { malformedBlocks: content.problems } : {}),
  };
  return { ok: true, post, warnings };
}

/**
 * One article per slug: the newest `lastUpdate` wins (ties go to the smaller document id, so a
 * build is repeatable, and the fallback route picks the same one); the others are reported.
 */
export function dropDuplicateSlugs(posts: BlogPost[]): { kept: BlogPost[]; dropped: DocumentProblem[] } {
  const key = (post: BlogPost) => ({ id: post.documentId, lastUpdate: post.lastUpdate });
  const ordered = [...posts].sort((a, b) => newestFirst(key(a), key(b)));
  const winners = new Map<string, BlogPost>();
  const dropped: DocumentProblem[] = [];
  for (const post of ordered) {
    const winner = winners.get(post.slug);
    if (winner) {
      dropped.push({
        id: post.documentId,
        field: "slug",
        message: `"${post.slug}" is also used by the newer document ${winner.documentId}; this one is left out`,
      });
    } else {
      winners.set(post.slug, post);
    }
  }
  return { kept: [...winners.values()], dropped };
}

/** Cover images stored in Firestore: https URLs from the policy's hosts only (see packages/article/src/safe-url.ts). */
export function remoteImageResolver(policy: CoverImagePolicy): (reference: string) => ImageSource | string {
  return (reference) => {
    const checked = checkCoverUrl(reference, policy);
    return "url" in checked ? { kind: "url", url: checked.url, policy } : checked.refused;
  };
}
