import type { BlogCardData } from "../components/blog/BlogCard";
import { pageCount } from "./pagination";
import { searchByTitle } from "./search";
import type { SearchIndex } from "./search-query";

export interface SearchResultsPage {
  /** How many articles match, live changes included. */
  total: number;
  /** The page shown: the one asked for, or the last one when fewer pages match. */
  page: number;
  cards: BlogCardData[];
}

/**
 * One page of a search, newest first. Articles changed since the build (`changed`, all newer than
 * anything the build indexed) come first; their built copies are left out of the index's matches.
 * Only the card chunks of the page's own built articles are fetched.
 */
export async function searchResultsPage(
  index: SearchIndex,
  query: string,
  page: number,
  changed: BlogCardData[],
  perPage: number,
): Promise<SearchResultsPage> {
  const live = searchByTitle(
    [...changed].sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate)),
    query,
  );
  const [slots, replaced] = await Promise.all([index.matches(query), index.slotsOf(changed.map((card) => card.id))]);
  const gone = new Set(replaced);
  const built = gone.size === 0 ? slots : slots.filter((slot) => !gone.has(slot));
  const total = live.length + built.length;
  const shown = Math.min(Math.max(1, page), pageCount(total, perPage));
  const from = (shown - 1) * perPage;
  const liveCards = live.slice(from, from + perPage);
  const builtFrom = Math.max(0, from - live.length);
  const builtCards = await index.cards(built.slice(builtFrom, builtFrom + perPage - liveCards.length));
  return {
    total,
    page: shown,
    cards: [...liveCards, ...builtCards.map(({ image, ...card }) => ({ ...card, imageSrc: image }))],
  };
}
