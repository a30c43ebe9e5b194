import { foldTitle } from "@kindred/article";

/**
 * The blog search (see docs/requirements/blog-list-and-search.md, Search): a case-insensitive
 * substring match on the title, with the typed text trimmed (so text of only spaces matches every title).
 */
export function matchesTitle(title: string, query: string): boolean {
  return foldTitle(title).includes(foldTitle(query.trim()));
}

/** Every article whose title contains the query, in the given order. */
export function searchByTitle<T extends { title: string }>(articles: T[], query: string): T[] {
  return articles.filter((article) => matchesTitle(article.title, query));
}
