import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  doc,
  documentId,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  getFirestore,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from "firebase/firestore";
import type { RawDocument } from "./types";

export interface FirestoreReadOptions {
  firebaseConfig: { projectId?: string; apiKey?: string; appId?: string; authDomain?: string };
  emulatorHost?: string;
  pageSize: number;
}

/** Opens a short-lived web SDK client, runs `work` with it, and always closes it. */
async function withFirestore<T>(
  collectionName: string,
  options: FirestoreReadOptions,
  work: (db: Firestore) => Promise<T>,
): Promise<T> {
  const { projectId } = options.firebaseConfig;
  const app: FirebaseApp = initializeApp(
    { ...options.firebaseConfig, apiKey: options.firebaseConfig.apiKey || "build-without-api-key", projectId },
    `gatsby-source-firestore-${collectionName}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  try {
    const db = getFirestore(app);
    if (options.emulatorHost) {
      const [host, port] = options.emulatorHost.split(":");
      connectFirestoreEmulator(db, host ?? "127.0.0.1", Number(port));
    }
    return await work(db);
  } finally {
    await deleteApp(app);
  }
}

/**
 * Reads all pages of a published-only query. From the server only: plain getDocs answers an
 * unreachable Firestore with an empty cache, which would build, and publish, a blog with no articles.
 */
async function readPages(
  db: Firestore,
  collectionName: string,
  constraints: QueryConstraint[],
  pageSize: number,
): Promise<RawDocument[]> {
  const documents: RawDocument[] = [];
  let last: QueryDocumentSnapshot | null = null;
  for (;;) {
    const page: QuerySnapshot = await getDocsFromServer(
      query(
        collection(db, collectionName),
        where("published", "==", true),
        ...constraints,
        ...(last ? [startAfter(last)] : []),
        limit(pageSize),
      ),
    );
    for (const snapshot of page.docs) documents.push({ id: snapshot.id, data: snapshot.data() });
    if (page.size < pageSize) break;
    last = page.docs[page.docs.length - 1]!;
  }
  return documents;
}

/**
 * Reads every published document of a collection with the web SDK, as a visitor would (the
 * security rules allow nothing more), in pages of `pageSize` ordered by document id.
 */
export async function readPublishedCollection(
  collectionName: string,
  options: FirestoreReadOptions,
): Promise<RawDocument[]> {
  return withFirestore(collectionName, options, (db) =>
    readPages(db, collectionName, [orderBy(documentId())], options.pageSize),
  );
}

export interface ChangedDocuments {
  /** Published documents whose `lastUpdate` is at or after `since`, plus the requested ids that are published. */
  documents: RawDocument[];
  /** Requested ids that are missing or not published (the rules deny reading those). */
  notPublished: string[];
  /** How many published documents the collection holds, counted after the reads above. */
  publishedCount: number;
}

/**
 * What changed since `since`: the published documents with a later `lastUpdate` (stored as a
 * Firestore timestamp or as an ISO-8601 string, so two queries), the given ids read one by one,
 * and then a count of the published documents, which the caller compares with what it knows to
 * learn whether anything disappeared. The count runs last, so a document published or removed
 * while the reads run makes the numbers disagree rather than go unnoticed.
 */
export async function readChangedSince(
  collectionName: string,
  options: FirestoreReadOptions,
  since: Date,
  ids: readonly string[],
): Promise<ChangedDocuments> {
  return withFirestore(collectionName, options, async (db) => {
    const byId = new Map<string, RawDocument>();
    const ranges: QueryConstraint[][] = [
      [where("lastUpdate", ">=", Timestamp.fromDate(since)), orderBy("lastUpdate", "desc")],
      [where("lastUpdate", ">=", since.toISOString()), orderBy("lastUpdate", "desc")],
    ];
    for (const range of ranges) {
      for (const document of await readPages(db, collectionName, range, options.pageSize))
        byId.set(document.id, document);
    }
    const notPublished: string[] = [];
    for (const id of new Set(ids)) {
      if (byId.has(id)) continue;
      try {
        const snapshot = await getDocFromServer(doc(db, collectionName, id));
        if (snapshot.exists() && snapshot.get("published") === true) byId.set(id, { id, data: snapshot.data() });
        else notPublished.push(id);
      } catch (error) {
        // The rules refuse to show a missing or unpublished document; anything else is a real failure.
        if ((error as { code?: string }).code === "permission-denied") notPublished.push(id);
        else throw error;
      }
    }
    const counted = await getCountFromServer(query(collection(db, collectionName), where("published", "==", true)));
    return { documents: [...byId.values()], notPublished, publishedCount: counted.data().count };
  });
}
