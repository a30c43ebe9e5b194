// The editors' preview's Firebase client, loaded only by the /preview route: it signs in with the
// link's custom token and follows one blogMetaData document live. An app of its own, kept in memory
// (no persistence): the draft and the credential are never written into the browser's storage, and
// a visitor's own session (the default app) is left alone.
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import { connectAuthEmulator, inMemoryPersistence, initializeAuth, signInWithCustomToken } from "firebase/auth";
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDocs,
  initializeFirestore,
  limit,
  memoryLocalCache,
  onSnapshot,
  query,
  where,
  type Firestore,
} from "firebase/firestore";
import type { FirebaseWebConfig } from "./firebase-config";
import type { StoredDocument } from "@kindred/article";

/** Why a preview cannot be shown: the link was refused, or the article is gone. */
export type PreviewFailure = "refused" | "missing";

export interface PreviewSession {
  /** Follows the article: `onChange` on every save, `onFailure` once when it cannot be read. */
  follow(onChange: (data: unknown) => void, onFailure: (why: PreviewFailure) => void): () => void;
  /** Published articles sharing a category with the draft (rules are not filters: published only). */
  publishedSharing(categories: string[]): Promise<StoredDocument[]>;
  close(): Promise<void>;
}

// array-contains-any takes at most 30 values.
const MAX_CATEGORIES = 30;
const MAX_CANDIDATES = 200;

function hostAndPort(host: string): [string, number] {
  const [name, port] = host.split(":");
  return [name ?? "127.0.0.1", Number(port)];
}

/** Signs in with the link's token; rejects when the Auth service refuses it (tampered, or too old). */
export async function openPreview(config: FirebaseWebConfig, article: string, token: string): Promise<PreviewSession> {
  const { emulatorHost, authEmulatorHost, ...options } = config;
  const app: FirebaseApp = initializeApp({ ...options, apiKey: options.apiKey ?? "no-api-key" }, "preview");
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (authEmulatorHost) connectAuthEmulator(auth, `http://${authEmulatorHost}`, { disableWarnings: true });
  const db: Firestore = initializeFirestore(app, { localCache: memoryLocalCache() });
  if (emulatorHost) connectFirestoreEmulator(db, ...hostAndPort(emulatorHost));
  try {
    await signInWithCustomToken(auth, token);
  } catch (error) {
    await deleteApp(app);
    throw error;
  }
  return {
    follow(onChange, onFailure) {
      return onSnapshot(
        doc(db, "blogMetaData", article),
        (snapshot) => (snapshot.exists() ? onChange(snapshot.data()) : onFailure("missing")),
        // The rules refuse a link for another article and an expired one alike; either ends the
        // preview. A deleted article is no refusal: the session may read it, and finds nothing.
        () => onFailure("refused"),
      );
    },
    async publishedSharing(categories) {
      if (categories.length === 0) return [];
      const found = await getDocs(
        query(
          collection(db, "blogMetaData"),
          where("published", "==", true),
          where("categories", "array-contains-any", categories.slice(0, MAX_CATEGORIES)),
          limit(MAX_CANDIDATES),
        ),
      );
      return found.docs.map((d) => ({ id: d.id, data: d.data() }));
    },
    close: () => deleteApp(app),
  };
}
