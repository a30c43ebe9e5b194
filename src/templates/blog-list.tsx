import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { BlogCard, cardFromNode, type BlogCardData } from "../components/blog/BlogCard";
import { Pagination } from "../components/blog/Pagination";
import { BlogSearch } from "../components/blog/BlogSearch";
import { useSearchResults, type SearchState } from "../components/blog/useSearchResults";
import { useLiveArticles } from "../components/blog/useLiveArticles";
import { blogListPath, pageCount, POSTS_PER_PAGE, searchFromAddress, searchPath } from "../lib/pagination";
import { livePage } from "../lib/live-articles";
import { titleFromSlug } from "@kindred/article";
import type { QueryResult } from "../lib/query-results";
import * as styles from "../components/blog/blog.module.css";

export interface BlogListContext {
  currentPage: number;
  numPages: number;
  /** The node ids of this page's articles, newest first (src/node/create-pages.ts). */
  ids: string[];
  /**
   * The newest lastUpdate among the articles this build published (or 1970 when there are none):
   * the live subscription asks only for articles updated after it, which are the ones the build has
   * not seen. Derived from the content, so a rebuild with the same content leaves the page as it was.
   */
  changesAfter: string;
}

export const query = graphql`
  query BlogListPage($ids: [String!]!) {
    blogPostsByIds(ids: $ids) {
      ...BlogCardFields
    }
  }
`;

/** Shown, and announced, when a piece of the search index could not be fetched. */
const SEARCH_FAILED = "Search is unavailable right now. Type again to retry.";

/** What screen readers hear, and sighted visitors read above the results, as a search stands. */
function searchStatus(state: SearchState): string {
  if (state.status === "searching") return "Searching…";
  if (state.status === "failed") return SEARCH_FAILED;
  return `${state.total} ${state.total === 1 ? "article" : "articles"} found`;
}

/** The results of a search, a page at a time, paged like the list. */
function SearchResults({ query, state }: { query: string; state: SearchState }): JSX.Element {
  if (state.status !== "found")
    return <p className={styles.empty}>{state.status === "failed" ? SEARCH_FAILED : "Searching…"}</p>;
  const pages = pageCount(state.total);
  return (
    <>
      <CardGrid cards={state.cards} prefetch={false} />
      {state.total > 0 && (
        <Pagination currentPage={state.page} numPages={pages} pathOf={(page) => searchPath(query, page)} />
      )}
    </>
  );
}

/** "No Blogs Found", for an empty blog or a search that matches nothing. */
function NoBlogsFound(): JSX.Element {
  return <p className={styles.empty}>No Blogs Found</p>;
}

/**
 * The cards of a page. The first row's covers load at once; the first cover is the page's largest
 * element on a phone (and the first of equals on wider screens), fetched before anything else. A
 * search's results are not prefetched (BlogCard).
 */
function CardGrid({ cards, prefetch = true }: { cards: BlogCardData[]; prefetch?: boolean }): JSX.Element {
  if (cards.length === 0) return <NoBlogsFound />;
  return (
    <ul className={styles.grid}>
      {cards.map((card, index) => (
        <li key={card.id}>
          <BlogCard card={card} eager={index < 3} priority={index === 0} prefetch={prefetch} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A page of the blog list: /blog is page 1, then /blog/2, … While the search text is non-empty, a
 * page of its results replaces the list, and the address names both (/blog?q=…&page=…), so Back,
 * Forward and a shared link bring the same results back.
 */
export default function BlogListTemplate({
  data,
  pageContext,
  location,
}: PageProps<QueryResult<Queries.BlogListPageQuery>, BlogListContext>): JSX.Element {
  const { currentPage, numPages, changesAfter } = pageContext;
  const address = searchFromAddress(location.search);
  const [searchText, setSearchText] = React.useState("");
  const [resultPage, setResultPage] = React.useState(1);
  const [attempt, setAttempt] = React.useState(0);
  // The server's HTML has no search; the address's search, if any, is taken up once hydrated, and
  // again whenever the address changes by navigation (a result page's link, Back, Forward): each
  // history entry has its own key, even one whose search equals what typing has since replaced.
  React.useEffect(() => {
    setSearchText(address.query);
    setResultPage(address.page);
  }, [address.query, address.page, location.key]);
  const live = useLiveArticles(changesAfter);
  const pageCards = React.useMemo(
    () => livePage(data.blogPostsByIds.map(cardFromNode), live.changed, currentPage, POSTS_PER_PAGE),
    [data, live.changed, currentPage],
  );
  const searching = searchText !== "";
  const results = useSearchResults(searchText, resultPage, live.changed, attempt);
  const { start: startLive } = live;
  const changeSearch = React.useCallback(
    (text: string) => {
      // Search pressed again on the same text tries again (after a failure, say).
      if (text === searchText) setAttempt((n) => n + 1);
      setSearchText(text);
      setResultPage(1);
      // Each keystroke replaces the address rather than adding to the history; the page's state is
      // kept for Gatsby's scroll restoration.
      window.history.replaceState(
        window.history.state,
        "",
        text === "" ? blogListPath(currentPage) : searchPath(text, 1),
      );
    },
    [searchText, currentPage],
  );

  return (
    <Layout>
      <BlogListSeo currentPage={currentPage} numPages={numPages} />
      <div className={`container ${styles.page}`}>
        <header className={styles.intro}>
          <h1>Welcome to our blog</h1>
          <p>
            Dating advice, relationship tips and honest stories about modern romance: how to write a first message, plan
            a date you will both enjoy, stay safe, and build something that lasts.
          </p>
        </header>
        <BlogSearch
          value={searchText}
          onChange={changeSearch}
          onActivate={startLive}
          status={searching ? searchStatus(results) : ""}
        />
        {searching ? (
          <SearchResults query={searchText} state={results} />
        ) : (
          <>
            <CardGrid cards={pageCards} />
            <Pagination currentPage={currentPage} numPages={numPages} />
          </>
        )}
      </div>
    </Layout>
  );
}

/** Title, description and social tags from the slug ("blog"), type "website", with prev/next links. */
function BlogListSeo({ currentPage, numPages }: { currentPage: number; numPages: number }): JSX.Element {
  return (
    <Seo
      title={currentPage > 1 ? `${titleFromSlug("blog")} page ${currentPage}` : titleFromSlug("blog")}
      description="Dating advice, relationship tips and stories about modern romance from the Kindred team."
      path={blogListPath(currentPage)}
      type="website"
    >
      {currentPage > 1 && <link rel="prev" href={blogListPath(currentPage - 1)} />}
      {currentPage < numPages && <link rel="next" href={blogListPath(currentPage + 1)} />}
    </Seo>
  );
}
