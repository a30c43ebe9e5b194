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
import { browserLocalPersistence, browserSessionPersistence, indexedDBLocalPersistence, initializeAuth } from "firebase/auth";
import type { FirebaseWebConfig } from "./firebase-config";
import type { BlogCardData } from "../components/blog/BlogCard";

let firestore: Firestore | null = null;

function app(config: FirebaseWebConfig): FirebaseApp {
  if (getApps().length > 0) return getApp();
  const { emulatorHost: _emulatorHost, ...options } = config;
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

const toIso = (value: unknown): string | null =>
  value instanceof Timestamp ? value.toDate().toISOString() : typeof value === "string" ? value : null;

/** A card from a blogMetaData document, or null when the document is not usable. */
export function cardFromDocument(id: string, data: Record<string, unknown>): BlogCardData | null {
  const lastUpdate = toIso(data.lastUpdate);
  if (typeof data.title !== "string" || typeof data.slug !== "string" || !lastUpdate) return null;
  return {
    id,
    slug: data.slug,
    title: data.title,
    categories: Array.isArray(data.categories) ? data.categories.filter((c): c is string => typeof c === "string") : [],
    lastUpdate,
    imageSrc: typeof data.featureImage === "string" && /^https?:\/\//.test(data.featureImage) ? data.featureImage : undefined,
  };
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
    (snapshot) => onChange(snapshot.docs.map((d) => cardFromDocument(d.id, d.data())).filter((c): c is BlogCardData => c !== null)),
    onError,
  );
}

/** The published `blog` post with this slug (its data plus its id), or null. */
export async function findPublishedPostBySlug(config: FirebaseWebConfig, slug: string): Promise<{ id: string; data: Record<string, unknown> } | null> {
  const db = getFirestoreClient(config);
  const result = await getDocs(query(collection(db, "blog"), where("published", "==", true), where("slug", "==", slug), limit(1)));
  const first = result.docs[0];
  return first ? { id: first.id, data: first.data() } : null;
}
