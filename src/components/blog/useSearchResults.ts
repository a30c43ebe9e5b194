import * as React from "react";
import { POSTS_PER_PAGE } from "../../lib/pagination";
import type { SearchResultsPage } from "../../lib/search-results";
import type { BlogCardData } from "./BlogCard";

type ResultsPageOf = (query: string, page: number, changed: BlogCardData[]) => Promise<SearchResultsPage>;

let search: Promise<ResultsPageOf> | null = null;

/**
 * The search's code, loaded with the first search rather than with the list, and its index, whose
 * pieces are fetched from the site as queries need them and kept for the visit. A failed load is
 * forgotten, so the next search loads again.
 */
function loadSearch(): Promise<ResultsPageOf> {
  search ??= Promise.all([import("../../lib/search-query"), import("../../lib/search-results")]).then(
    ([{ openSearchIndex }, { searchResultsPage }]) => {
      const index = openSearchIndex(async (file) => {
        const response = await fetch(`/${file}`);
        if (!response.ok) throw new Error(`HTTP ${response.status} for /${file}`);
        return response.text();
      });
      return (query, page, changed) => searchResultsPage(index, query, page, changed, POSTS_PER_PAGE);
    },
  );
  search.catch(() => {
    search = null;
  });
  return search;
}

/**
 * How long a changed query waits for the next key before it is looked up: a key typed sooner replaces
 * it, so typing fetches nothing until a pause, and the answer shows this long after the last key.
 * Most people type faster than one key in 300 ms; a query's first keys match the most titles, and
 * their pieces are the index's longest, so each key looked up on the way would cost more than the
 * answer (at 100,000 articles, 132 kB typed at 200 ms a key with a 150 ms pause, against 26 kB for
 * the whole query at once). One or two characters wait longer still.
 */
export const TYPING_PAUSE_MS = 300;
export const SHORT_QUERY_PAUSE_MS = 450;
const SHORT_QUERY = 3;

export type SearchState = { status: "searching" } | { status: "failed" } | ({ status: "found" } & SearchResultsPage);

/**
 * The asked page of results for the query, or where it stands. Only the latest query's answer is
 * ever shown: an answer that arrives after the query or page changed is dropped. A failed fetch is
 * forgotten by the index, so the next query (or `attempt`) fetches again. A query changed by typing
 * waits for a pause (TYPING_PAUSE_MS); another page of results, or Search pressed, is looked up at once.
 */
export function useSearchResults(query: string, page: number, changed: BlogCardData[], attempt: number): SearchState {
  const [answer, setAnswer] = React.useState<{ key: string; state: SearchState } | null>(null);
  const key = `${attempt}\n${page}\n${query}`;
  const searched = React.useRef({ query: "", attempt });
  React.useEffect(() => {
    if (query === "") return undefined;
    let latest = true;
    const before = searched.current;
    const typed = before.query !== query && before.attempt === attempt;
    const pause = !typed ? 0 : query.trim().length < SHORT_QUERY ? SHORT_QUERY_PAUSE_MS : TYPING_PAUSE_MS;
    const timer = setTimeout(() => {
      searched.current = { query, attempt };
      loadSearch()
        .then((resultsPageOf) => resultsPageOf(query, page, changed))
        .then((found) => {
          if (latest) setAnswer({ key, state: { status: "found", ...found } });
        })
        .catch((error: unknown) => {
          if (!latest) return;
          console.warn("The search index could not be loaded:", error);
          setAnswer({ key, state: { status: "failed" } });
        });
    }, pause);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [key, query, page, attempt, changed]);
  return answer?.key === key ? answer.state : { status: "searching" };
}
