// The Articles screen, the console's first: every article, drafts included, with its state (live, from
// articleStatus), who saved it last and when; a search, a state filter, "New article" and "Load more".
import type { Firestore } from "firebase/firestore";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ARTICLE_STATES } from "../api";
import { ArticleFeed, type FeedView } from "./article-feed";
import { visibleRows, type ArticleRow, type StateFilter } from "./article-rows";

interface Props {
  db: Firestore;
  /** Opens the editing screen for a new article. */
  onNew: () => void;
}

/** How long typing must pause before Firestore is asked (the loaded pages are searched at once). */
const SEARCH_PAUSE_MS = 250;
const NOTHING: FeedView = {
  rows: [],
  ready: false,
  joined: false,
  hasMore: false,
  loadingMore: false,
  searching: false,
  error: null,
};
const noSubscription = () => () => undefined;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function Saved({ row }: { row: ArticleRow }) {
  if (row.saved === undefined) return <>Looking up who saved it…</>;
  const at = row.saved?.at ?? row.updated;
  const time = at ? <time dateTime={at.toISOString()}>{when.format(at)}</time> : null;
  if (!row.saved) return <>Not saved in the console yet{time && <>; updated {time}</>}</>;
  if (row.saved.imported) return <>Imported from before the console{time && <>, {time}</>}</>;
  return (
    <>
      Saved by {row.saved.by}
      {time && <>, {time}</>}
    </>
  );
}

/** The feed of `db`, opened with the screen and closed with it. */
function useFeed(db: Firestore): [ArticleFeed | null, FeedView] {
  const [feed, setFeed] = useState<ArticleFeed | null>(null);
  useEffect(() => {
    const opened = new ArticleFeed(db);
    setFeed(opened);
    return () => opened.close();
  }, [db]);
  const view = useSyncExternalStore(feed?.subscribe ?? noSubscription, () => feed?.view ?? NOTHING);
  return [feed, view];
}

export function ArticleList({ db, onNew }: Props) {
  const [feed, view] = useFeed(db);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<StateFilter>("all");
  const marked = useRef({ listed: false, joined: false });

  useEffect(() => {
    if (!feed) return;
    const timer = setTimeout(() => feed.setSearch(search), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [feed, search]);
  useEffect(() => feed?.setFilter(filter), [feed, filter]);
  useEffect(() => {
    // The first screen's figures (docs/editors-console.md): from navigation to the first page shown, and
    // to every state and history on it.
    if (view.ready && !marked.current.listed) {
      marked.current.listed = true;
      performance.mark("articles-listed");
    }
    if (view.ready && view.joined && !marked.current.joined) {
      marked.current.joined = true;
      performance.mark("articles-joined");
    }
  }, [view.ready, view.joined]);

  const rows = visibleRows(view.rows, search, filter);
  const narrowed = search.trim() !== "" || filter !== "all";
  let summary = "Loading articles…";
  if (view.ready) {
    const count = `${rows.length} ${rows.length === 1 ? "article" : "articles"}`;
    summary = narrowed ? `${count} found${view.searching ? "; still searching…" : ""}` : count;
    if (view.hasMore) summary += narrowed ? " (more beyond the articles loaded)" : " shown; more below";
  }

  return (
    <section className="articles-screen" aria-labelledby="articles-heading">
      <div className="screen-head">
        <h1 id="articles-heading">Articles</h1>
        <button type="button" className="primary" onClick={onNew}>
          New article
        </button>
      </div>
      <div className="filters" role="search">
        <div className="field">
          <label htmlFor="article-search">Search articles</label>
          <input
            id="article-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="field">
          <label htmlFor="article-state">State</label>
          <select id="article-state" value={filter} onChange={(event) => setFilter(event.target.value as StateFilter)}>
            <option value="all">All states</option>
            {ARTICLE_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
      </div>
      {view.error && (
        <p className="problem" role="alert">
          {view.error}
        </p>
      )}
      <p className="summary" role="status">
        {summary}
      </p>
      {view.ready && rows.length === 0 && <p>No article matches. Try fewer words, or another state.</p>}
      {view.ready && rows.length > 0 && (
        <ol className="article-list" aria-labelledby="articles-heading">
          {rows.map((row) => (
            <li key={row.id} className="article-row">
              <h2 className="article-title">
                <a href={`#/article/${encodeURIComponent(row.id)}`}>{row.title}</a>
              </h2>
              <p className="article-meta">
                <span className={`state state-${row.state ?? "unknown"}`}>
                  <span className="visually-hidden">State: </span>
                  {row.state ?? "checking…"}
                </span>{" "}
                <span className="saved">
                  <Saved row={row} />
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
      {view.hasMore && (
        <button type="button" className="load-more" onClick={() => feed?.loadMore()} disabled={view.loadingMore}>
          {view.loadingMore ? "Loading…" : "Load more"}
        </button>
      )}
    </section>
  );
}
