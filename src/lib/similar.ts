/** What ranking similar articles needs to know of one article. */
export interface SimilarCandidate {
  documentId: string;
  blogId: string;
  categories: string[];
  lastUpdate: string;
}

/** At most this many similar articles per article. */
export const SIMILAR_LIMIT = 3;

/**
 * The similar-articles rule (see docs/requirements.md, Article page): published, a different blogId,
 * any shared category, limit 3; ranked by the number of shared categories, then newest lastUpdate.
 */
export function similarArticles<T extends SimilarCandidate>(current: SimilarCandidate, all: T[], limit: number = SIMILAR_LIMIT): T[] {
  const mine = new Set(current.categories);
  return all
    .filter((other) => other.blogId !== current.blogId && other.documentId !== current.documentId)
    .map((other) => ({ other, shared: other.categories.filter((c) => mine.has(c)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.other.lastUpdate.localeCompare(a.other.lastUpdate))
    .slice(0, limit)
    .map(({ other }) => other);
}
