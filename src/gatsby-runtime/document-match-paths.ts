// Stands in, in the production browser bundle only, for Gatsby's list of match paths
// ($virtual/match-paths.json; src/node/browser-stand-ins.ts swaps it in).
//
// Two pages answer paths of their own beyond their own: Home answers every unknown path ("/*") and
// the article fallback answers every /blogarticle/ path that was not built ("/blogarticle/*slug").
// Every built page lies inside one of those patterns, so Gatsby lists every page of the site in
// the browser bundle to keep it from being taken for the catch-all: the list grows with the articles
// inside the app chunk, which every page loads (docs/measurements.md), and adding or renaming one
// article changed the chunk and so every page's HTML.
//
// The browser needs none of it. The server already sends the right page for the address the
// visitor opened (the hosting rewrites), and that page names itself in `window.pagePath`: the one
// entry here says that this address belongs to that page. Any other address is taken as its own
// page, whose page data is fetched on navigation; when there is none, Gatsby's loader asks the
// server for the address and loads it in full when it answers, which the rewrites make it do, so
// the server picks the page again.

import { decodedAddress } from "@kindred/article";

/** One entry of Gatsby's match-path list: addresses matching `matchPath` show the page at `path`. */
export interface MatchPathEntry {
  path: string;
  matchPath: string;
}

/**
 * The list for a document that the server sent as the page `pagePath` for the address `pathname`:
 * empty when the page is at that address itself, else one entry matching exactly that address.
 * Addresses whose segments begin with ":" or "*" would be read as patterns by the router, so they
 * get no entry; Gatsby then moves the visitor to the page's own address.
 */
export function documentMatchPaths(pagePath: string | undefined, pathname: string): MatchPathEntry[] {
  if (!pagePath) return [];
  const address = decodedAddress(pathname);
  if (address === null || address === pagePath || address === "") return [];
  if (address.split("/").some((segment) => segment.startsWith(":") || segment.startsWith("*"))) return [];
  return [{ path: pagePath, matchPath: address }];
}

const page = typeof window === "undefined" ? undefined : (window as Window & { pagePath?: string });

export default page ? documentMatchPaths(page.pagePath, page.location.pathname) : [];
