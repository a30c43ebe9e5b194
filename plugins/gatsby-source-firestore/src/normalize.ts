import type {
  BlogPostRecord,
  DocumentProblem,
  EditorBlock,
  EditorContent,
  ImageSource,
  Normalized,
  RawDocument,
} from "./types";

/** The slug rule of the data contract: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface NormalizeContext {
  /** Resolves a cover image reference, or returns a message saying why it cannot be used. */
  resolveImage: (reference: string) => ImageSource | string;
  /** Rewrites an image URL inside the article body (sample content uses relative paths). */
  contentImageUrl?: (reference: string) => string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Every timestamp shape the data can carry, in one place: a Firestore `Timestamp` (anything with
 * `toDate()`), `{seconds, nanoseconds}` (or the admin SDK's `_seconds`), a `Date`, or an ISO-8601
 * string. Returns an ISO string, or null when the value is none of these.
 */
export function normalizeTimestamp(value: unknown): string | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) date = new Date(value);
  else if (isRecord(value)) {
    if (typeof value.toDate === "function") {
      const converted: unknown = (value.toDate as () => unknown)();
      if (converted instanceof Date) date = converted;
    } else {
      const seconds = value.seconds ?? value._seconds;
      const nanos = value.nanoseconds ?? value._nanoseconds ?? 0;
      if (typeof seconds === "number" && typeof nanos === "number") date = new Date(seconds * 1000 + nanos / 1e6);
    }
  }
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

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
      problems.push({ id, field: `content.blocks[${index}]`, message: "is not an Editor.js block ({type, data}); left out" });
      return;
    }
    let data = block.data;
    if (block.type === "image" && isRecord(data.file) && typeof data.file.url === "string") {
      data = { ...data, file: { ...data.file, url: contentImageUrl(data.file.url) } };
    }
    blocks.push({ ...(typeof block.id === "string" ? { id: block.id } : {}), type: block.type, data });
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

const problem = (id: string, field: string, message: string): Normalized => ({
  ok: false,
  problem: { id, field, message },
});

/**
 * Checks one `blogMetaData` document against the data contract. A document that breaks a rule is
 * refused with the field at fault; one that is merely imperfect (a bad `updatedOn`, a malformed
 * block) is kept with warnings. Unpublished documents are left out without a warning.
 */
export function normalizeBlogPost(document: RawDocument, context: NormalizeContext): Normalized {
  const { id, data } = document;
  if (!isRecord(data)) return problem(id, "(document)", "is not an object");
  if (typeof data.published !== "boolean") return problem(id, "published", "must be a boolean");
  if (!data.published) return { ok: false, problem: null };

  if (typeof data.blogId !== "string" || data.blogId.trim() === "") {
    return problem(id, "blogId", "must be a non-empty string");
  }
  if (typeof data.title !== "string" || data.title.trim() === "") {
    return problem(id, "title", "must be a non-empty string");
  }
  if (typeof data.slug !== "string" || !SLUG_PATTERN.test(data.slug)) {
    return problem(id, "slug", `must match ${SLUG_PATTERN.source} (got ${JSON.stringify(data.slug)})`);
  }
  const categories = data.categories;
  if (!Array.isArray(categories) || !categories.every((c) => typeof c === "string" && c.trim() !== "")) {
    return problem(id, "categories", "must be a list of non-empty strings");
  }
  if (typeof data.featureImage !== "string" || data.featureImage.trim() === "") {
    return problem(id, "featureImage", "must be an image URL");
  }
  const image = context.resolveImage(data.featureImage.trim());
  if (typeof image === "string") return problem(id, "featureImage", image);
  const lastUpdate = normalizeTimestamp(data.lastUpdate);
  if (lastUpdate === null) return problem(id, "lastUpdate", "must be a timestamp");

  const warnings: DocumentProblem[] = [];
  let updatedOn: string | null = null;
  if (data.updatedOn !== undefined && data.updatedOn !== null) {
    updatedOn = normalizeTimestamp(data.updatedOn);
    if (updatedOn === null) {
      warnings.push({ id, field: "updatedOn", message: "is not a timestamp; shown as not updated yet" });
    }
  }
  const content = normalizeContent(id, data.content, context.contentImageUrl);
  if (content === null) return problem(id, "content", "is not Editor.js output ({time, blocks, version})");
  warnings.push(...content.problems);

  const post: BlogPostRecord = {
    documentId: id,
    blogId: data.blogId.trim(),
    title: data.title.trim(),
    slug: data.slug,
    categories: categories.map((c: string) => c.trim()),
    featureImageUrl: image.kind === "url" ? image.url : image.publicUrl,
    published: true,
    lastUpdate,
    updatedOn,
    content: content.content,
    featureImageSource: image,
  };
  return { ok: true, post, warnings };
}

/**
 * One article per slug: the newest `lastUpdate` wins (ties go to the smaller document id, so a
 * build is repeatable); the others are reported.
 */
export function dropDuplicateSlugs(posts: BlogPostRecord[]): { kept: BlogPostRecord[]; dropped: DocumentProblem[] } {
  const ordered = [...posts].sort(
    (a, b) => b.lastUpdate.localeCompare(a.lastUpdate) || a.documentId.localeCompare(b.documentId),
  );
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

/** Accepts http(s) URLs only: the one rule for cover images stored in Firestore. */
export function resolveRemoteImage(reference: string): ImageSource | string {
  try {
    const url = new URL(reference);
    if (url.protocol === "https:" || url.protocol === "http:") return { kind: "url", url: url.toString() };
  } catch {
    // Not a URL at all: fall through to the message.
  }
  return `must be an http(s) URL (got ${JSON.stringify(reference)})`;
}
