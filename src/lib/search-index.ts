import type { SearchCard } from "@kindred/article";

/** One article of the search index (packages/article/src/search-pieces.ts): what a search result card needs. */
export type SearchIndexEntry = SearchCard;

export interface IndexableArticle {
  documentId: string;
  slug: string;
  title: string;
  categories: string[];
  featureImageUrl: string;
  lastUpdate: string;
}

/** The compact search index, newest first, with at most the first two categories of each article. */
export function buildSearchIndex<T extends IndexableArticle>(
  articles: T[],
  imageFor: (article: T) => string = (a) => a.featureImageUrl,
): SearchIndexEntry[] {
  return [...articles]
    .sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate))
    .map((article) => ({
      id: article.documentId,
      slug: article.slug,
      title: article.title,
      categories: article.categories.slice(0, 2),
      image: imageFor(article),
      lastUpdate: article.lastUpdate,
    }));
}
