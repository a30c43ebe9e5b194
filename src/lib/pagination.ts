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
