import type { BlogCardData } from "../components/blog/BlogCard";

/**
 * Merges articles changed since the build into a list, by id: a changed article replaces its old
 * copy, a new one is added, and the list stays ordered newest lastUpdate first.
 */
export function mergeLiveArticles(built: BlogCardData[], changed: BlogCardData[]): BlogCardData[] {
  if (changed.length === 0) return built;
  const changedIds = new Set(changed.map((card) => card.id));
  return [...changed, ...built.filter((card) => !changedIds.has(card.id))].sort((a, b) =>
    b.lastUpdate.localeCompare(a.lastUpdate),
  );
}

/**
 * One list page with live changes: page 1 takes changed articles at its top (keeping 6 cards);
 * other pages drop any article that changed, since it has moved to the top of page 1.
 */
export function livePage(
  pageCards: BlogCardData[],
  changed: BlogCardData[],
  currentPage: number,
  perPage: number,
): BlogCardData[] {
  if (changed.length === 0) return pageCards;
  if (currentPage === 1) return mergeLiveArticles(pageCards, changed).slice(0, perPage);
  const changedIds = new Set(changed.map((card) => card.id));
  return pageCards.filter((card) => !changedIds.has(card.id));
}
