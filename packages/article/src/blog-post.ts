import type { Node } from "gatsby";
import type { EditorContent } from "./editor-content.ts";
import type { LeftOutBlock } from "./finished-body.ts";
import type { SafeBlock } from "./safe-block.ts";
import type { CoverImagePolicy } from "./safe-url.ts";

/** A problem with one document: which field, and what is wrong with it. */
export interface DocumentProblem {
  id: string;
  field: string;
  message: string;
}

/**
 * Where a cover image comes from: a URL to download at build, with the policy that allowed it (each
 * redirect of the download must pass it too), or a sample file on disk.
 */
export type ImageSource =
  { kind: "url"; url: string; policy: CoverImagePolicy } | { kind: "file"; path: string; publicUrl: string };

/**
 * A published article: an article that passed every rule of the data contract, with its body
 * finished (finishBody), as the source plugin stores it in a BlogPost node. The one definition of
 * what a node holds; BLOG_POST_TYPE_DEFS gives GraphQL the same fields.
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
  /** The body's blocks, checked, sanitized and highlighted: what the pages render. */
  safeBlocks: SafeBlock[];
  /** The page's meta description (articleDescription). */
  description: string;
  /** The blocks the sanitizer left out or cut, reported on every build; not part of the schema. */
  leftOutBlocks: LeftOutBlock[];
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

/**
 * The BlogPost GraphQL type, its one definition. Descriptions show in GraphiQL; `@dontInfer` keeps
 * build-only fields (how the cover is fetched, what was left out) out of the API. The fields the
 * site's build resolves itself (`similar`, `featureImage`, `cardImage`) are declared here too; the
 * build gives them their resolvers through createResolvers.
 */
export const BLOG_POST_TYPE_DEFS = `
  """
  A published blog article: one Firestore \`blogMetaData\` document, or one sample file in
  content/blog when no Firebase project is configured.
  """
  type BlogPost implements Node @dontInfer {
    "The Firestore document id of the blogMetaData record."
    documentId: String!
    "The id of the matching document in the \`blog\` collection."
    blogId: String!
    "The article's title."
    title: String!
    "URL segment of the article: /blogarticle/<slug>. Lowercase words joined by hyphens."
    slug: String!
    "Categories in the editor's order; the first is shown on cards, the first two as hashtags."
    categories: [String!]!
    "The cover image as stored: an http(s) URL, or a site path for sample content."
    featureImageUrl: String!
    "Always true: unpublished documents are never read."
    published: Boolean!
    "When the article last changed; orders the blog list, newest first."
    lastUpdate: Date! @dateformat
    "When the article was last updated, shown in long US format; null shows as \\"not updated yet\\"."
    updatedOn: Date @dateformat
    "The body as Editor.js output: {time, blocks: [{id, type, data}], version}."
    content: JSON!
    "The body's blocks checked and sanitized when the document was read, ready to render; unusable blocks are left out."
    safeBlocks: JSON!
    "The page's meta description: the first paragraph as plain text (or the title), at most 160 characters."
    description: String!
    "Up to 3 published articles of another blog sharing a category: most shared categories first, then newest."
    similar(
      "The similar articles' node ids when already computed (article pages pass them from their context); left out, they are computed here."
      ids: [String!]
    ): [BlogPost!]!
    "The cover at the top of the article as gatsby-plugin-image data (from the image store); null when it could not be had."
    featureImage: JSON
    "The cover on the article's card as gatsby-plugin-image data (from the image store); null when it could not be had."
    cardImage: JSON
  }
`;
