// The Articles screen's rows, as plain data: an article's documents joined with its state and its
// history, the search and the state filter, and the order. No Firebase here (article-feed.ts reads).
import { stateOf, type ArticleState } from "../api";

/** The fields of `blogMetaData/{id}` the list shows or orders by. */
export interface MetaFields {
  title?: unknown;
  slug?: unknown;
  published?: unknown;
  publishAt?: unknown;
  publishedVersion?: unknown;
  lastUpdate?: unknown;
}

/** The fields of `articleStatus/{id}` the list reads. */
export interface StatusFields {
  state?: unknown;
}

/** `{ uid, email }` as the callables record who acted. */
export interface Actor {
  uid?: unknown;
  email?: unknown;
}

/** The fields of `articleHistory/{id}` the list reads: who saved the newest version, and when. */
export interface HistoryFields {
  savedAt?: unknown;
  savedBy?: Actor;
  lastAction?: { action?: unknown; by?: Actor; at?: unknown };
}

export interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  /** Null until its articleStatus document (or its absence) is known. */
  state: ArticleState | null;
  /** When the documents last changed (`lastUpdate`), which orders the list. */
  updated: Date | null;
  /**
   * Who saved the newest version, and when; null for an article no callable has saved; undefined until its
   * articleHistory document (or its absence) is known.
   */
  saved: { by: string; at: Date | null; imported: boolean } | null | undefined;
}

export type StateFilter = ArticleState | "all";

/** A Firestore Timestamp (or anything with toDate or seconds) as a Date; null otherwise. */
export function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "object" && value !== null) {
    const { toDate, seconds } = value as { toDate?: unknown; seconds?: unknown };
    if (typeof toDate === "function") return (toDate as () => Date).call(value);
    if (typeof seconds === "number") return new Date(seconds * 1000);
  }
  return null;
}

/** Who an actor is, for an editor reading the list: their email, else their account id. */
function actorName(actor: Actor | undefined): string {
  if (typeof actor?.email === "string" && actor.email !== "") return actor.email;
  if (typeof actor?.uid === "string" && actor.uid !== "") return `account ${actor.uid}`;
  return "";
}

/**
 * One row from an article's documents, its status and its history: each null when the article has none,
 * undefined while that is not known yet.
 */
export function rowOf(
  id: string,
  meta: MetaFields,
  status: StatusFields | null | undefined,
  history: HistoryFields | null | undefined,
): ArticleRow {
  const title = typeof meta.title === "string" && meta.title.trim() !== "" ? meta.title : "Untitled article";
  let saved: ArticleRow["saved"] = history === undefined ? undefined : null;
  if (history && (history.savedAt !== undefined || history.savedBy !== undefined)) {
    const by = actorName(history.savedBy);
    // An article adopted from before history was kept: its version 1 has no editor (docs/editors-api.md).
    saved = { by, at: dateOf(history.savedAt), imported: by === "" };
  }
  return {
    id,
    title,
    slug: typeof meta.slug === "string" ? meta.slug : "",
    state: status === undefined ? null : stateOf(meta, status),
    updated: dateOf(meta.lastUpdate),
    saved,
  };
}

/** A search as slug text: lower case, accents dropped, every run of other characters one hyphen. */
export function slugPrefix(search: string): string {
  return search
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "");
}

/**
 * The title prefixes to ask Firestore for (its comparisons are case-sensitive): the search as typed and
 * with a capital first letter, since titles start with one. Empty for a search shorter than 2 characters.
 */
export function titlePrefixes(search: string): string[] {
  const typed = search.trim();
  if (typed.length < 2) return [];
  const capital = typed.charAt(0).toLocaleUpperCase() + typed.slice(1);
  return [...new Set([typed, capital])];
}

/** Whether a row answers a search: the words in its title, in any case, or the search as its slug's text. */
export function matchesSearch(row: Pick<ArticleRow, "title" | "slug">, search: string): boolean {
  const words = search.trim().toLocaleLowerCase();
  if (words === "") return true;
  if (row.title.toLocaleLowerCase().includes(words)) return true;
  const slug = slugPrefix(words).replace(/-+$/, "");
  return slug !== "" && row.slug.includes(slug);
}

/** Newest first, by `lastUpdate`; articles without one last; ties by title, then id, so the order is stable. */
export function byNewest(a: ArticleRow, b: ArticleRow): number {
  const at = a.updated?.getTime() ?? -Infinity;
  const bt = b.updated?.getTime() ?? -Infinity;
  if (at !== bt) return bt - at;
  return a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The rows shown: those that answer the search and the state filter, newest first. */
export function visibleRows(rows: ArticleRow[], search: string, state: StateFilter): ArticleRow[] {
  return rows.filter((row) => (state === "all" || row.state === state) && matchesSearch(row, search)).sort(byNewest);
}

/** `ids` cut into lists of at most `size` (Firestore's `in` takes at most 30 values). */
export function chunks<T>(ids: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < ids.length; start += size) out.push(ids.slice(start, start + size));
  return out;
}
