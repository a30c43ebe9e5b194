/**
 * The section scroll (hash-scroll.ts), fetched the first time a link to a section is pointed at,
 * focused or followed, or a page opens at a section's address; webpack fetches it once.
 */
export const loadHashScroll = (): Promise<typeof import("./hash-scroll")> =>
  import(/* webpackChunkName: "hash-scroll" */ "./hash-scroll");
