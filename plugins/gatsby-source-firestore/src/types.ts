import type { BlogPost, DocumentProblem } from "@kindred/article";

// The plugin's own shapes. What an article is (BlogPost, its problems, its cover's source) is the
// article core's, @kindred/article.

/** A document as read from Firestore or from a sample file, before anything is checked. */
export interface RawDocument {
  id: string;
  data: unknown;
}

export type Normalized =
  | { ok: true; post: BlogPost; warnings: DocumentProblem[] }
  | { ok: false; problem: DocumentProblem }
  | { ok: false; problem: null }; // an unpublished document: silently left out
