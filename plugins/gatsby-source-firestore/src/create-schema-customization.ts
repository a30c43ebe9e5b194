import type { GatsbyNode } from "gatsby";

/**
 * The explicit schema of the data contract. Descriptions show in GraphiQL; `@dontInfer` keeps
 * build-only fields (how the cover image is fetched) out of the API.
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
  }
`;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(BLOG_POST_TYPE_DEFS);
};
