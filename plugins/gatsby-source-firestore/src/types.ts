/** A document as read from Firestore or from a sample file, before anything is checked. */
export interface RawDocument {
  id: string;
  data: unknown;
}

/** One Editor.js block: `{ id?, type, data }`. */
export interface EditorBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  tunes?: Record<string, unknown>;
}

/** Editor.js output: `{ time, blocks, version }`. */
export interface EditorContent {
  time?: number;
  version?: string;
  blocks: EditorBlock[];
}

/** Where a cover image comes from: a URL to download at build, or a sample file on disk. */
export type ImageSource = { kind: "url"; url: string } | { kind: "file"; path: string; publicUrl: string };

/** An article that passed every rule of the data contract. */
export interface BlogPostRecord {
  documentId: string;
  blogId: string;
  title: string;
  slug: string;
  categories: string[];
  /** The cover's URL or site path; empty when the cover was refused. */
  featureImageUrl: string;
  published: true;
  lastUpdate: string;
  updatedOn: string | null;
  content: EditorContent;
  /** How to get the cover image file, null when it was refused; not part of the GraphQL schema. */
  featureImageSource: ImageSource | null;
}

/** A problem with one document: which field, and what is wrong with it. */
export interface DocumentProblem {
  id: string;
  field: string;
  message: string;
}

export type Normalized =
  | { ok: true; post: BlogPostRecord; warnings: DocumentProblem[] }
  | { ok: false; problem: DocumentProblem }
  | { ok: false; problem: null }; // an unpublished document: silently left out
