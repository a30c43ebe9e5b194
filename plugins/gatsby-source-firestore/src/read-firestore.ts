import { deleteApp, initializeApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  documentId,
  getDocsFromServer,
  getFirestore,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryConstraint,
} from "firebase/firestore";
import type { RawDocument } from "./types";

export interface FirestoreReadOptions {
  firebaseConfig: { projectId?: string; apiKey?: string; appId?: string; authDomain?: string };
  emulatorHost?: string;
  pageSize: number;
}

/**
 * Reads every published document of a collection with the web SDK, as a visitor would (the
 * security rules allow nothing more), in pages of `pageSize` ordered by document id.
 */
export async function readPublishedCollection(collectionName: string, options: FirestoreReadOptions): Promise<RawDocument[]> {
  const { projectId } = options.firebaseConfig;
  const app = initializeApp(
    { ...options.firebaseConfig, apiKey: options.firebaseConfig.apiKey || "build-without-api-key", projectId },
    `gatsby-source-firestore-${collectionName}-${Date.now()}`,
  );
  try {
    const db = getFirestore(app);
    if (options.emulatorHost) {
      const [host, port] = options.emulatorHost.split(":");
      connectFirestoreEmulator(db, host ?? "127.0.0.1", Number(port));
    }
    const documents: RawDocument[] = [];
    let lastId: string | null = null;
    for (;;) {
      const constraints: QueryConstraint[] = [where("published", "==", true), orderBy(documentId()), limit(options.pageSize)];
      if (lastId !== null) constraints.splice(2, 0, startAfter(lastId));
      // From the server only: plain getDocs answers an unreachable Firestore with an empty cache,
      // which would build, and publish, a blog with no articles.
      const page = await getDocsFromServer(query(collection(db, collectionName), ...constraints));
      for (const snapshot of page.docs) documents.push({ id: snapshot.id, data: snapshot.data() });
      if (page.size < options.pageSize) break;
      lastId = page.docs[page.docs.length - 1]!.id;
    }
    return documents;
  } finally {
    await deleteApp(app);
  }
}
