import type {
  BlogPostRecord,
  DocumentProblem,
  EditorBlock,
  EditorContent,
  ImageSource,
  Normalized,
  RawDocument,
} from "./types";
import { checkArticle, newestFirst } from "../../../src/lib/contract";
import { checkCoverUrl, type CoverImagePolicy } from "../../../src/lib/safe-url";

export { SLUG_PATTERN, MAX_SLUG_LENGTH, normalizeTimestamp } from "../../../src/lib/contract";

export interface NormalizeContext {
  /** Resolves a cover image reference, or returns a message saying why it cannot be used. */
  resolveImage: (reference: string) => ImageSource | string;
  /** Rewrites an image URL inside the article body (sample content uses relative paths). */
  contentImageUrl?: (reference: string) => string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Editor.js output, with malformed blocks left out (each reported). Null when it is not Editor.js data. */
export function normalizeContent(
  id: string,
  value: unknown,
  contentImageUrl: (reference: string) => string = (reference) => reference,
): { content: EditorContent; problems: DocumentProblem[] } | null {
  if (!isRecord(value) || !Array.isArray(value.blocks)) return null;
  const problems: DocumentProblem[] = [];
  const blocks: EditorBlock[] = [];
  value.blocks.forEach((block: unknown, index) => {
    if (!isRecord(block) || typeof block.type !== "string" || block.type === "" || !isRecord(block.data)) {
      problems.push({
        id,
        field: `content.blocks[${index}]`,
        message: "is not an Editor.js block ({type, data}); left out",
      });
      return;
    }
    let data = block.data;
    if (block.type === "image" && isRecord(data.file) && typeof data.file.url === "string") {
      data = { ...data, file: { ...data.file, url: contentImageUrl(data.file.url) } };
    }
    blocks.push({
      ...(typeof block.id === "string" ? { id: block.id } : {}),
      type: block.type,
      data,
      // Block tunes (text variant, alignment) are checked where the body is sanitized.
      ...(isRecord(block.tunes) ? { tunes: block.tunes } : {}),
    });
  });
  return {
    content: {
      ...(typeof value.time === "number" ? { time: value.time } : {}),
      ...(typeof value.version === "string" ? { version: value.version } : {}),
      blocks,
    },
    problems,
  };
}

/**
 * Checks one `blogMetaData` document against the data contract (src/lib/contract.ts, which the
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

  const post: BlogPostRecord = {
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
    featureImageSource: typeof image === "string" ? null : image,
  };
  return { ok: true, post, warnings };
}

/**
 * One article per slug: the newest `lastUpdate` wins (ties go to the smaller document id, so a
 * build is repeatable, and the fallback route picks the same one); the others are reported.
 */
export function dropDuplicateSlugs(posts: BlogPostRecord[]): { kept: BlogPostRecord[]; dropped: DocumentProblem[] } {
  const key = (post: BlogPostRecord) => ({ id: post.documentId, lastUpdate: post.lastUpdate });
  const ordered = [...posts].sort((a, b) => newestFirst(key(a), key(b)));
  const winners = new Map<string, BlogPostRecord>();
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

/** Cover images stored in Firestore: https URLs from the policy's hosts only (see src/lib/safe-url.ts). */
export function remoteImageResolver(policy: CoverImagePolicy): (reference: string) => ImageSource | string {
  return (reference) => {
    const checked = checkCoverUrl(reference, policy);
    return "url" in checked ? { kind: "url", url: checked.url } : checked.refused;
  };
}
