import type { Node } from "gatsby";
import type { EditorContent } from "../rules/editor-content";
import type { CoverImagePolicy } from "../rules/safe-url";

/** A document as read from Firestore or from a sample file, before anything is checked. */
export interface RawDocument {
  id: string;
  data: unknown;
}

export type { EditorBlock, EditorContent } from "../rules/editor-content";

/**
 * Where a cover image comes from: a URL to download at build, with the policy that allowed it (each
 * redirect of the download must pass it too), or a sample file on disk.
 */
export type ImageSource =
  { kind: "url"; url: string; policy: CoverImagePolicy } | { kind: "file"; path: string; publicUrl: string };

/**
 * A published article: an article that passed every rule of the data contract, as this plugin
 * stores it in a BlogPost node. The one definition of the BlogPost fields; the site's build reads
 * the nodes through BlogPostNode, and create-schema-customization.ts gives GraphQL the same fields.
 */
export interface BlogPost {
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
  /**
   * The blocks left out as not Editor.js blocks, absent when there are none. Kept on the node so a
   * warm build that does not read the document again still reports them; not part of the schema.
   */
  malformedBlocks?: DocumentProblem[];
}

/** A BlogPost node in Gatsby's store, as the site's build steps and resolvers read it. */
export interface BlogPostNode extends BlogPost, Node {}

/** A problem with one document: which field, and what is wrong with it. */
export interface DocumentProblem {
  id: string;
  field: string;
  message: string;
}

export type Normalized =
  | { ok: true; post: BlogPost; warnings: DocumentProblem[] }
  | { ok: false; problem: DocumentProblem }
  | { ok: false; problem: null }; // an unpublished document: silently left out
