// An article's history as the editing screen lists it, live: its versions, newest first, and its events
// (articleHistory/{id}/versions and /events, docs/editors-api.md). The newest 50 of each.
import {
  collection,
  limit,
  onSnapshot,
  orderBy,
  query,
  type DocumentData,
  type Firestore,
  type Unsubscribe,
} from "firebase/firestore";

export const HISTORY_LIMIT = 50;

export interface HistoryLists {
  versions: DocumentData[];
  events: (DocumentData & { key: string })[];
  ready: boolean;
}

/** Follows the versions and events of article `id`. */
export function followHistory(
  db: Firestore,
  id: string,
  onChange: (lists: HistoryLists) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const lists: HistoryLists = { versions: [], events: [], ready: false };
  const answered = { versions: false, events: false };
  const told = (): void => onChange({ ...lists, ready: answered.versions && answered.events });
  const versions = query(
    collection(db, "articleHistory", id, "versions"),
    orderBy("version", "desc"),
    limit(HISTORY_LIMIT),
  );
  const events = query(collection(db, "articleHistory", id, "events"), orderBy("at", "desc"), limit(HISTORY_LIMIT));
  const stops = [
    onSnapshot(
      versions,
      (snapshot) => {
        answered.versions = true;
        lists.versions = snapshot.docs.map((version) => version.data());
        told();
      },
      onError,
    ),
    onSnapshot(
      events,
      (snapshot) => {
        answered.events = true;
        lists.events = snapshot.docs.map((event) => ({ ...event.data(), key: event.id }));
        told();
      },
      onError,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
