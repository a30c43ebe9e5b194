import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { BlogCard, cardFromNode, type BlogCardData, type BlogCardNode } from "../components/blog/BlogCard";
import { Pagination } from "../components/blog/Pagination";
import { BlogSearch } from "../components/blog/BlogSearch";
import { useSearchIndex } from "../components/blog/useSearchIndex";
import { useLiveArticles } from "../components/blog/useLiveArticles";
import { searchByTitle } from "../lib/search";
import { blogListPath, POSTS_PER_PAGE } from "../lib/pagination";
import { livePage, mergeLiveArticles } from "../lib/live-articles";
import { titleFromSlug } from "../lib/slug";
import * as styles from "../components/blog/blog.module.css";

export interface BlogListContext {
  currentPage: number;
  numPages: number;
  /** The node ids of this page's articles, newest first (src/node/pages.ts). */
  ids: string[];
  /**
   * The newest lastUpdate among the articles this build published (or 1970 when there are none):
   * the live subscription asks only for articles updated after it, which are the ones the build has
   * not seen. Derived from the content, so a rebuild with the same content leaves the page as it was.
   */
  changesAfter: string;
}

interface BlogListData {
  blogPostsByIds: BlogCardNode[];
}

export const query = graphql`
  query BlogListPage($ids: [String!]!) {
    blogPostsByIds(ids: $ids) {
      ...BlogCardFields
    }
  }
`;

/** "No Blogs Found", for an empty blog or a search that matches nothing. */
function NoBlogsFound(): JSX.Element {
  return <p className={styles.empty}>No Blogs Found</p>;
}

/**
 * The cards of a page. The first row's covers load at once; the first cover is the page's largest
 * element on a phone (and the first of equals on wider screens), fetched before anything else.
 */
function CardGrid({ cards }: { cards: BlogCardData[] }): JSX.Element {
  if (cards.length === 0) return <NoBlogsFound />;
  return (
    <ul className={styles.grid}>
      {cards.map((card, index) => (
        <li key={card.id}>
          <BlogCard card={card} eager={index < 3} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** A page of the blog list: /blog is page 1, then /blog/2, … While the search text is non-empty, all matches replace the page. */
export default function BlogListTemplate({ data, pageContext }: PageProps<BlogListData, BlogListContext>): JSX.Element {
  const { currentPage, numPages, changesAfter } = pageContext;
  const [searchText, setSearchText] = React.useState("");
  const index = useSearchIndex();
  const live = useLiveArticles(changesAfter);
  const pageCards = React.useMemo(
    () => livePage(data.blogPostsByIds.map(cardFromNode), live.changed, currentPage, POSTS_PER_PAGE),
    [data, live.changed, currentPage],
  );
  const searching = searchText !== "";
  const results = React.useMemo(
    () => (searching && index.entries ? searchByTitle(mergeLiveArticles(index.entries, live.changed), searchText) : []),
    [index.entries, live.changed, searchText, searching],
  );
  const { load: loadIndex } = index;
  const { start: startLive } = live;
  const activateSearch = React.useCallback(() => {
    loadIndex();
    startLive();
  }, [loadIndex, startLive]);

  return (
    <Layout>
      <BlogListSeo currentPage={currentPage} numPages={numPages} />
      <div className={`container ${styles.page}`}>
        <header className={styles.intro}>
          <h1>Welcome to our blog</h1>
          <p>
            Dating advice, relationship tips and honest stories about modern romance: how to write a first message,
            plan a date you will both enjoy, stay safe, and build something that lasts.
          </p>
        </header>
        <BlogSearch
          value={searchText}
          onChange={setSearchText}
          onActivate={activateSearch}
          status={searching ? (index.entries ? `${results.length} ${results.length === 1 ? "article" : "articles"} found` : "Searching…") : ""}
        />
        {searching ? (
          index.entries ? <CardGrid cards={results} /> : <p className={styles.empty}>Searching…</p>
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
