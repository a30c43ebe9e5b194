// The browser's Firebase client, imported lazily (never in a page's initial JavaScript): Firestore
// with a persistent local cache shared across tabs, and Auth persisted in indexedDB, then local
// storage, then session storage (see docs/requirements.md, Browser set-up).
import { getApp, getApps, initializeApp, type FirebaseApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  getDocs,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  persistentLocalCache,
  persistentMultipleTabManager,
  query,
  Timestamp,
  where,
  type Firestore,
} from "firebase/firestore";
import {
  browserLocalPersistence,
  browserSessionPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
} from "firebase/auth";
import type { FirebaseWebConfig } from "./firebase-config";
import type { BlogCardData } from "../components/blog/BlogCard";
import type { StoredDocument } from "@kindred/article";
import { cardFromDocument } from "./live-card";

/** Documents read for one slug: editors rarely reuse a slug, and the newest valid one wins. */
const MAX_DOCUMENTS_PER_SLUG = 10;

let firestore: Firestore | null = null;

function app(config: FirebaseWebConfig): FirebaseApp {
  if (getApps().length > 0) return getApp();
  const { emulatorHost: _emulatorHost, authEmulatorHost: _authEmulatorHost, ...options } = config;
  return initializeApp({ ...options, apiKey: options.apiKey ?? "no-api-key" });
}

/** The one Firestore instance of the page, connected to the emulator when one is configured. */
export function getFirestoreClient(config: FirebaseWebConfig): Firestore {
  if (firestore) return firestore;
  const firebaseApp = app(config);
  firestore = initializeFirestore(firebaseApp, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  if (config.emulatorHost) {
    const [host, port] = config.emulatorHost.split(":");
    connectFirestoreEmulator(firestore, host ?? "127.0.0.1", Number(port));
  }
  initializeAuth(firebaseApp, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  return firestore;
}

/**
 * Subscribes to the published articles changed since the build (lastUpdate after `since`), newest
 * first. Calls `onChange` with the full set each time; returns the unsubscribe function.
 */
export function subscribeToChangesSince(
  config: FirebaseWebConfig,
  since: string,
  onChange: (cards: BlogCardData[]) => void,
  onError: (error: Error) => void,
): () => void {
  const db = getFirestoreClient(config);
  const changes = query(
    collection(db, "blogMetaData"),
    where("published", "==", true),
    where("lastUpdate", ">", Timestamp.fromDate(new Date(since))),
    orderBy("lastUpdate", "desc"),
  );
  return onSnapshot(
    changes,
    (snapshot) =>
      onChange(snapshot.docs.map((d) => cardFromDocument(d.id, d.data())).filter((c): c is BlogCardData => c !== null)),
    onError,
  );
}

/**
 * The documents of the article at /blogarticle/<slug>: the published `blog` post with this slug
 * (limit 1) and the published `blogMetaData` documents with this slug, read together. Whether they
 * may be shown is for the shared contract to say (`publishedArticle` in contract.ts).
 */
export async function findPublishedArticleBySlug(
  config: FirebaseWebConfig,
  slug: string,
): Promise<{ post: StoredDocument | null; metas: StoredDocument[] }> {
  const db = getFirestoreClient(config);
  // Rules are not filters: both queries ask for published == true, or they are denied.
  const [posts, metas] = await Promise.all([
    getDocs(query(collection(db, "blog"), where("published", "==", true), where("slug", "==", slug), limit(1))),
    getDocs(
      query(
        collection(db, "blogMetaData"),
        where("published", "==", true),
        where("slug", "==", slug),
        limit(MAX_DOCUMENTS_PER_SLUG),
      ),
    ),
  ]);
  const first = posts.docs[0];
  return {
    post: first ? { id: first.id, data: first.data() } : null,
    metas: metas.docs.map((d) => ({ id: d.id, data: d.data() })),
  };
}
