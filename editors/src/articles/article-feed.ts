// What the Articles screen reads, live, from Firestore: the articles in pages, each joined with its state
// (articleStatus/{id}) and its history (articleHistory/{id}), plus what a search or a state filter finds
// beyond the pages loaded. Every read is one the rules let an editor make (firestore.rules).
//
// Pages: `blogMetaData` ordered by `lastUpdate`, newest first, 50 at a time. The last page is the only
// one with a limit; "Load more" bounds it at its last document (endAt) and opens the next after it, so the
// pages cover the order without gap or overlap while articles change: a saved article moves to the first
// page, a new one joins it. Documents without `lastUpdate` are not in the order (the callables always
// write one).
// Joins: for every article shown, `articleStatus` and `articleHistory` by id, 30 ids a listener (the most
// an `in` takes), so 10,000 articles cost only the pages an editor opened.
// Search: the title prefix as typed and capitalised, and the slug prefix, 20 each, besides the pages.
// State filter: the states written in articleStatus (50), and the newest published or unpublished
// articles for the states their documents decide (live; draft, scheduled, not-published), besides the pages.
import {
  collection,
  documentId,
  endAt,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type Unsubscribe,
} from "firebase/firestore";
import { errorInWords } from "../api";
import {
  chunks,
  rowOf,
  slugPrefix,
  titlePrefixes,
  type ArticleRow,
  type HistoryFields,
  type MetaFields,
  type StateFilter,
  type StatusFields,
} from "./article-rows";

export const PAGE_SIZE = 50;
/** Firestore's most values in one `in` filter. */
const IN_LIMIT = 30;
const SEARCH_LIMIT = 20;
const FILTER_LIMIT = 50;

export interface FeedView {
  /** Every article read so far, joined: the pages, then what the search and the filter found. */
  rows: ArticleRow[];
  /** The first page has answered (its states and histories may still be on their way). */
  ready: boolean;
  /** And every row shown has its state and its history. */
  joined: boolean;
  /** The last page is full: "Load more" may find more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** A search or a filter is still asking Firestore. */
  searching: boolean;
  error: string | null;
}

const EMPTY: FeedView = {
  rows: [],
  ready: false,
  joined: false,
  hasMore: false,
  loadingMore: false,
  searching: false,
  error: null,
};

/** One live query of `blogMetaData`, and what it holds now. */
interface MetaSource {
  docs: Map<string, MetaFields>;
  answered: boolean;
  last: QueryDocumentSnapshot | null;
  stop: Unsubscribe;
}

interface Page {
  start: QueryDocumentSnapshot | null;
  end: QueryDocumentSnapshot | null;
  source: MetaSource;
}

export class ArticleFeed {
  private readonly pages: Page[] = [];
  /** The search's and the filter's own queries, by a key that names them. */
  private extras = new Map<string, MetaSource>();
  private extraStops: Unsubscribe[] = [];
  private readonly statuses = new Map<string, StatusFields | null>();
  private readonly histories = new Map<string, HistoryFields | null>();
  private readonly joined = new Set<string>();
  private readonly joinStops: Unsubscribe[] = [];
  private readonly listeners = new Set<() => void>();
  private error: string | null = null;
  private closed = false;
  private search = "";
  private filter: StateFilter = "all";
  view: FeedView = EMPTY;

  private readonly db: Firestore;

  constructor(db: Firestore) {
    this.db = db;
    this.pages.push({ start: null, end: null, source: this.listen(this.pageQuery(null, null)) });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Opens the next page (once the last one has answered, and is full). */
  loadMore(): void {
    const last = this.pages.at(-1)!;
    if (!this.view.hasMore || !last.source.last) return;
    const cursor = last.source.last;
    // The last page keeps what it holds up to its last document; the next starts after it.
    const bounded: Page = { start: last.start, end: cursor, source: this.listen(this.pageQuery(last.start, cursor)) };
    bounded.source.docs = new Map(last.source.docs);
    bounded.source.answered = true;
    bounded.source.last = cursor;
    last.source.stop();
    this.pages[this.pages.length - 1] = bounded;
    this.pages.push({ start: cursor, end: null, source: this.listen(this.pageQuery(cursor, null)) });
    this.update();
  }

  /** What the search box holds; Firestore is asked for title and slug prefixes from 2 characters. */
  setSearch(search: string): void {
    if (search.trim() === this.search) return;
    this.search = search.trim();
    this.restartExtras();
  }

  setFilter(filter: StateFilter): void {
    if (filter === this.filter) return;
    this.filter = filter;
    this.restartExtras();
  }

  close(): void {
    this.closed = true;
    for (const page of this.pages) page.source.stop();
    for (const stop of [...this.extraStops, ...this.joinStops]) stop();
    this.listeners.clear();
  }

  private collection(name: string) {
    return collection(this.db, name);
  }

  private pageQuery(start: QueryDocumentSnapshot | null, end: QueryDocumentSnapshot | null): Query {
    const constraints: QueryConstraint[] = [orderBy("lastUpdate", "desc")];
    if (start) constraints.push(startAfter(start));
    if (end) constraints.push(endAt(end));
    else constraints.push(limit(PAGE_SIZE));
    return query(this.collection("blogMetaData"), ...constraints);
  }

  private fail = (error: unknown): void => {
    this.error = errorInWords(error).message;
    this.update();
  };

  /** A live query of blogMetaData, whose documents join the list. */
  private listen(source: Query): MetaSource {
    const meta: MetaSource = { docs: new Map(), answered: false, last: null, stop: () => undefined };
    meta.stop = onSnapshot(
      source,
      (snapshot: QuerySnapshot<DocumentData>) => {
        meta.docs = new Map(snapshot.docs.map((doc) => [doc.id, doc.data() as MetaFields]));
        meta.last = snapshot.docs.at(-1) ?? null;
        meta.answered = true;
        this.update();
      },
      this.fail,
    );
    return meta;
  }

  private restartExtras(): void {
    for (const stop of this.extraStops) stop();
    this.extraStops = [];
    this.extras = new Map();
    const meta = this.collection("blogMetaData");
    const add = (key: string, source: Query): void => {
      const listened = this.listen(source);
      this.extras.set(key, listened);
      this.extraStops.push(listened.stop);
    };
    for (const prefix of titlePrefixes(this.search))
      add(
        `title:${prefix}`,
        query(meta, where("title", ">=", prefix), where("title", "<=", `${prefix}\uf8ff`), limit(SEARCH_LIMIT)),
      );
    const slug = this.search.length >= 2 ? slugPrefix(this.search) : "";
    if (slug !== "")
      add(
        `slug:${slug}`,
        query(meta, where("slug", ">=", slug), where("slug", "<=", `${slug}\uf8ff`), limit(SEARCH_LIMIT)),
      );

    const filter = this.filter;
    if (filter === "live")
      add("published", query(meta, where("published", "==", true), orderBy("lastUpdate", "desc"), limit(FILTER_LIMIT)));
    if (filter === "draft" || filter === "scheduled" || filter === "not-published")
      add(
        "unpublished",
        query(meta, where("published", "==", false), orderBy("lastUpdate", "desc"), limit(FILTER_LIMIT)),
      );
    if (filter !== "all" && filter !== "draft") this.listenToState(filter);
    this.update();
  }

  /** The articles articleStatus says are in `state`, each read by id. */
  private listenToState(state: StateFilter): void {
    const asked = new Set<string>();
    // The filter's own query holds no article; it counts as a search still asking until it answers.
    const own: MetaSource = { docs: new Map(), answered: false, last: null, stop: () => undefined };
    this.extras.set(`state:${state}`, own);
    own.stop = onSnapshot(
      query(this.collection("articleStatus"), where("state", "==", state), limit(FILTER_LIMIT)),
      (snapshot) => {
        own.answered = true;
        const fresh = snapshot.docs.map((doc) => doc.id).filter((id) => !asked.has(id));
        for (const id of fresh) asked.add(id);
        for (const ids of chunks(fresh, IN_LIMIT)) {
          const listened = this.listen(query(this.collection("blogMetaData"), where(documentId(), "in", ids)));
          this.extras.set(`state:${state}:${ids.join(",")}`, listened);
          this.extraStops.push(listened.stop);
        }
        this.update();
      },
      this.fail,
    );
    this.extraStops.push(own.stop);
  }

  /** Every article read, by id: the pages first (newest order), then the search's and the filter's. */
  private allMeta(): Map<string, MetaFields> {
    const all = new Map<string, MetaFields>();
    for (const source of [...this.pages.map((page) => page.source), ...this.extras.values()])
      for (const [id, meta] of source.docs) if (!all.has(id)) all.set(id, meta);
    return all;
  }

  /** Listens to the state and the history of articles not yet joined, 30 ids a listener. */
  private join(ids: string[]): void {
    for (const group of chunks(ids, IN_LIMIT)) {
      for (const id of group) this.joined.add(id);
      const byId = where(documentId(), "in", group);
      this.joinStops.push(
        onSnapshot(
          query(this.collection("articleStatus"), byId),
          (snapshot) => {
            const found = new Map(snapshot.docs.map((doc) => [doc.id, doc.data() as StatusFields]));
            for (const id of group) this.statuses.set(id, found.get(id) ?? null);
            this.update();
          },
          this.fail,
        ),
        onSnapshot(
          query(this.collection("articleHistory"), byId),
          (snapshot) => {
            const found = new Map(snapshot.docs.map((doc) => [doc.id, doc.data() as HistoryFields]));
            for (const id of group) this.histories.set(id, found.get(id) ?? null);
            this.update();
          },
          this.fail,
        ),
      );
    }
  }

  private update(): void {
    if (this.closed) return;
    const all = this.allMeta();
    const fresh = [...all.keys()].filter((id) => !this.joined.has(id));
    if (fresh.length > 0) this.join(fresh);
    // A row shows as soon as its document is read; its state and history follow (a listener each, 30 ids).
    const known = (id: string): boolean => this.statuses.has(id) && this.histories.has(id);
    const rows = [...all].map(([id, meta]) => rowOf(id, meta, this.statuses.get(id), this.histories.get(id)));
    const first = this.pages[0]!.source;
    const last = this.pages.at(-1)!.source;
    this.view = {
      rows,
      ready: first.answered,
      joined: rows.every((row) => known(row.id)),
      hasMore: last.answered && last.docs.size >= PAGE_SIZE,
      loadingMore: this.pages.length > 1 && !last.answered,
      searching: [...this.extras.values()].some((source) => !source.answered),
      error: this.error,
    };
    for (const listener of this.listeners) listener();
  }
}
