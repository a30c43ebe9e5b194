/** Blog cards per list page. */
export const POSTS_PER_PAGE = 6;
/** Page links are shown within this many pages of the current one. */
export const PAGE_WINDOW = 2;

/** How many list pages `count` articles fill; an empty blog still has its one page. */
export function pageCount(count: number, perPage: number = POSTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The path of list page `page` (1-based): /blog, /blog/2, … */
export function blogListPath(page: number): string {
  return page <= 1 ? "/blog" : `/blog/${page}`;
}

/** The page numbers to link: those within `window` of the current page, inside 1..total. */
export function pageNumbersAround(current: number, total: number, window: number = PAGE_WINDOW): number[] {
  const first = Math.max(1, current - window);
  const last = Math.min(total, current + window);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** The address of a search's result page (1-based): /blog?q=…, then /blog?q=…&page=2, … */
export function searchPath(query: string, page: number): string {
  return `/blog?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;
}

/** The search and result page an address names (`location.search`); no query is an empty one, page 1. */
export function searchFromAddress(search: string): { query: string; page: number } {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return { query: params.get("q") ?? "", page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}
