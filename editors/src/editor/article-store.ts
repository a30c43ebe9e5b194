// What the editing screen reads of one article, each a read firestore.rules let an editor make:
// the version being edited (docs/editors-api.md, "Opening an article"), whether a slug is taken, and,
// live, the article's documents and its state (articleStatus/{id}).
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  onSnapshot,
  query,
  where,
  type DocumentData,
  type Firestore,
  type Timestamp,
  type Unsubscribe,
} from "firebase/firestore";
import type { DraftFields } from "@kindred/article";

/** An article opened for editing: its newest version's fields and number. */
export interface OpenedArticle {
  id: string;
  /** The newest version (0 for an article written before history). */
  version: number;
  fields: DraftFields;
  /** The live page's "Updated" date, for the preview. */
  updatedOn: string | null;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The editable fields of a document (blogMetaData or a version), read defensively. */
export function fieldsOf(data: DocumentData | undefined): DraftFields {
  const content = data?.content as DraftFields["content"] | undefined;
  return {
    title: text(data?.title),
    slug: text(data?.slug),
    categories: texts(data?.categories),
    featureImage: text(data?.featureImage),
    content: content && Array.isArray(content.blocks) ? content : { blocks: [] },
  };
}

const isoOf = (value: unknown): string | null =>
  value && typeof (value as Timestamp).toDate === "function" ? (value as Timestamp).toDate().toISOString() : null;

/** The newest version of article `id`: from its history, or its documents when it has none yet. */
export async function openArticle(db: Firestore, id: string): Promise<OpenedArticle> {
  const meta = await getDoc(doc(db, "blogMetaData", id));
  if (!meta.exists()) throw new Error(`There is no article ${id}. It may have been deleted.`);
  const version = typeof meta.get("version") === "number" ? (meta.get("version") as number) : 0;
  const newest = version > 0 ? await getDoc(doc(db, "articleHistory", id, "versions", String(version))) : meta;
  return { id, version, fields: fieldsOf(newest.data()), updatedOn: isoOf(meta.get("updatedOn")) };
}

/** Version `version` of article `id`, as saved. */
export async function readVersion(db: Firestore, id: string, version: number): Promise<DraftFields> {
  const saved = await getDoc(doc(db, "articleHistory", id, "versions", String(version)));
  if (!saved.exists()) throw new Error(`Version ${version} of this article could not be found.`);
  return fieldsOf(saved.data());
}

/** Whether another article than `id` has `slug` (drafts count: two articles cannot share an address). */
export async function slugTakenBy(db: Firestore, slug: string, id: string | null): Promise<string | null> {
  const found = await getDocs(query(collection(db, "blogMetaData"), where("slug", "==", slug), limit(2)));
  return found.docs.find((other) => other.id !== id)?.id ?? null;
}

/** What the screen follows of an article's documents and state. */
export interface LiveArticle {
  meta: DocumentData | null;
  status: DocumentData | null;
}

/** Follows `blogMetaData/{id}` and `articleStatus/{id}`; `onError` gets a read the rules refused. */
export function followArticle(
  db: Firestore,
  id: string,
  onChange: (live: LiveArticle) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  const live: LiveArticle = { meta: null, status: null };
  const stops = [
    onSnapshot(
      doc(db, "blogMetaData", id),
      (snapshot) => {
        live.meta = snapshot.data() ?? null;
        onChange({ ...live });
      },
      onError,
    ),
    onSnapshot(
      doc(db, "articleStatus", id),
      (snapshot) => {
        live.status = snapshot.data() ?? null;
        onChange({ ...live });
      },
      onError,
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
