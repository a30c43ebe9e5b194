/** What ranking similar articles needs to know of one article. */
export interface SimilarCandidate {
  documentId: string;
  blogId: string;
  categories: string[];
  lastUpdate: string;
}

/** At most this many similar articles per article. */
export const SIMILAR_LIMIT = 3;

/** Newest lastUpdate first: the second key of the ranking, and the order every index list is kept in. */
const newestFirst = (a: SimilarCandidate, b: SimilarCandidate): number => b.lastUpdate.localeCompare(a.lastUpdate);

/** Whether `other` may be shown as similar to `current` at all: never the article itself, never its own blog. */
const eligible = (current: SimilarCandidate, other: SimilarCandidate): boolean =>
  other.blogId !== current.blogId && other.documentId !== current.documentId;

/** How many of `other`'s categories (each entry, repeats included) are among `mine`. */
const sharedCount = (mine: ReadonlySet<string>, categories: readonly string[]): number => {
  let shared = 0;
  for (const category of categories) if (mine.has(category)) shared += 1;
  return shared;
};

/**
 * The similar-articles rule (see docs/requirements.md, Article page), stated plainly: published, a
 * different blogId, any shared category, limit 3; ranked by the number of shared categories, then
 * newest lastUpdate, and among equals in the order of `all`. It looks at every article, so it is
 * the reference the index below is tested against, not what a build runs once per article.
 */
export function similarArticles<T extends SimilarCandidate>(
  current: SimilarCandidate,
  all: T[],
  limit: number = SIMILAR_LIMIT,
): T[] {
  const mine = new Set(current.categories);
  return all
    .filter((other) => eligible(current, other))
    .map((other) => ({ other, shared: sharedCount(mine, other.categories) }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || newestFirst(a.other, b.other))
    .slice(0, limit)
    .map(({ other }) => other);
}

/** Articles with exactly the same categories (the same list, repeats included, in any order). */
interface CategoryGroup<T> {
  categories: readonly string[];
  /** Newest first; among equal lastUpdate, in the order the index was given them. */
  members: T[];
  /** Each member's place in the whole ranking order, to merge groups without comparing dates again. */
  ranks: number[];
}

/** Similar articles for any article of one set of articles, without looking at all of them each time. */
export interface SimilarIndex<T extends SimilarCandidate> {
  /** The same list as `similarArticles(current, all, limit)` for the `all` the index was built from. */
  similarTo(current: SimilarCandidate, limit?: number): T[];
}

/**
 * Builds the index once (one sort of all articles): category → the groups of articles that carry it,
 * each group being the articles with one same set of categories, newest first.
 *
 * Why groups rather than one newest-first list per category: an article sharing two categories
 * outranks every article sharing one, however new, and it may sit below the first few entries of
 * both lists. Within a group every member shares the same number of categories with any given
 * article, so each group's best candidates are simply its first eligible members.
 *
 * `similarTo` then costs O(G × (limit + s)) where G is the number of groups touching the article's
 * categories and s the few members it skips for being its own blog — G is bounded by the category
 * combinations in use (a fixed list of categories keeps it small), not by the number of articles.
 */
export function similarIndex<T extends SimilarCandidate>(all: readonly T[]): SimilarIndex<T> {
  // Array.prototype.sort is stable: equal lastUpdate keeps the given order, as in similarArticles.
  const ranked = [...all].sort(newestFirst);
  const groups = new Map<string, CategoryGroup<T>>();
  const groupsByCategory = new Map<string, CategoryGroup<T>[]>();
  ranked.forEach((article, rank) => {
    const key = JSON.stringify([...article.categories].sort());
    let group = groups.get(key);
    if (!group) {
      group = { categories: [...article.categories], members: [], ranks: [] };
      groups.set(key, group);
      for (const category of new Set(article.categories)) {
        const list = groupsByCategory.get(category);
        if (list) list.push(group);
        else groupsByCategory.set(category, [group]);
      }
    }
    group.members.push(article);
    group.ranks.push(rank);
  });

  return {
    similarTo(current: SimilarCandidate, limit: number = SIMILAR_LIMIT): T[] {
      const mine = new Set(current.categories);
      // Every group sharing at least one category, once, by the number of categories it shares.
      const byShared = new Map<number, Set<CategoryGroup<T>>>();
      for (const category of mine) {
        for (const group of groupsByCategory.get(category) ?? []) {
          const shared = sharedCount(mine, group.categories);
          const level = byShared.get(shared);
          if (level) level.add(group);
          else byShared.set(shared, new Set([group]));
        }
      }
      const result: T[] = [];
      for (const shared of [...byShared.keys()].sort((a, b) => b - a)) {
        const wanted = limit - result.length;
        if (wanted <= 0) break;
        // At one level the order is the ranking order alone: each group's first `wanted` eligible
        // members are the only ones that can make it, whichever groups they come from.
        const candidates: { article: T; rank: number }[] = [];
        for (const group of byShared.get(shared)!) {
          let taken = 0;
          for (let i = 0; i < group.members.length && taken < wanted; i += 1) {
            const article = group.members[i]!;
            if (!eligible(current, article)) continue;
            candidates.push({ article, rank: group.ranks[i]! });
            taken += 1;
          }
        }
        candidates.sort((a, b) => a.rank - b.rank);
        for (const { article } of candidates.slice(0, wanted)) result.push(article);
      }
      return result;
    },
  };
}
