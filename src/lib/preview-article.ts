// A draft as the preview draws it: the same contract, sanitizer and highlighter as the build
// (src/lib/contract.ts, article-body.ts, packages/article/src/code-highlight.ts, the source plugin's
// normalizeContent), so the preview's body is the body the build will publish. Pure functions.
import {
  normalizeContent,
  storedBlockIndex,
  highlightCodeBlocks,
  safeBlocks,
  type SafeBlock,
  checkArticle,
  type FieldProblem,
  builtCoverPolicy,
  checkCoverUrl,
} from "@kindred/article";

export interface PreviewArticle {
  blogId: string;
  title: string;
  slug: string;
  categories: string[];
  lastUpdate: string;
  updatedOn: string | null;
  /** The cover as the build would take it, or null when the build would leave it out. */
  image: string | null;
  blocks: SafeBlock[];
  /** Whether the document is published now (the preview shows it either way). */
  published: boolean;
  /** What the build would warn about: blocks left out, a cover refused, a bad updatedOn. */
  warnings: string[];
}

export type PreviewDraft = { ok: true; article: PreviewArticle } | { ok: false; problem: FieldProblem };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The article the build would publish from this blogMetaData document if it were published now,
 * or the rule it breaks (the field, and the message the build log would give).
 */
export function previewArticle(id: string, data: unknown): PreviewDraft {
  if (!isRecord(data)) return { ok: false, problem: { field: "(document)", message: "is not an object" } };
  // A draft is judged as the build will judge it once published.
  const checked = checkArticle({ ...data, published: true }, "blogMetaData");
  if (!checked.ok) return { ok: false, problem: checked.problem ?? { field: "published", message: "is not set" } };
  const { article } = checked;
  const warnings = checked.warnings.map((warning) => `field "${warning.field}" ${warning.message}`);
  const content = normalizeContent(id, data.content);
  if (content === null) {
    return { ok: false, problem: { field: "content", message: "is not Editor.js output ({time, blocks, version})" } };
  }
  warnings.push(...content.problems.map((problem) => `field "${problem.field}" ${problem.message}`));
  const raw = content.content.blocks;
  const blocks = highlightCodeBlocks(
    safeBlocks(
      raw,
      (message) => warnings.push(`field "content" ${message}`),
      undefined,
      storedBlockIndex(content.problems),
    ),
    raw,
  );
  const cover = checkCoverUrl(article.featureImage, builtCoverPolicy());
  if ("refused" in cover)
    warnings.push(`field "featureImage" ${cover.refused}; the article is built without a cover image`);
  return {
    ok: true,
    article: {
      blogId: article.blogId ?? "",
      title: article.title,
      slug: article.slug,
      categories: article.categories,
      lastUpdate: article.lastUpdate,
      updatedOn: article.updatedOn,
      image: "url" in cover ? cover.url : null,
      blocks,
      published: data.published === true,
      warnings,
    },
  };
}

/** The claims of a preview token, read without checking its signature: only to word a refusal. */
export function previewClaims(token: string): { article: string; expires: number } | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    // A custom token keeps its developer claims under "claims".
    const claims = isRecord(json) && isRecord(json.claims) ? json.claims : null;
    if (!claims || typeof claims.preview !== "string" || typeof claims.previewExpires !== "number") return null;
    return { article: claims.preview, expires: claims.previewExpires };
  } catch {
    return null;
  }
}

/** The article id and token of a preview link's fragment (#article=…&token=…), or null. */
export function previewLinkParts(hash: string): { article: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const article = params.get("article");
  const token = params.get("token");
  return article && token ? { article, token } : null;
}
