import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { buildSearchIndex, type IndexableArticle, type SearchIndexEntry } from "../lib/search-index";
import { publicDir } from "./site-paths";

/** The URL the blog list fetches the index from when a visitor starts a search. */
const SEARCH_INDEX_FILE = "blog-index.json";

interface IndexedArticle extends IndexableArticle {
  featureImage: { childImageSharp: { gatsbyImageData: { images: { fallback?: { src: string } } } } | null } | null;
}

interface ArticlesForIndexQuery {
  allBlogPost: { nodes: IndexedArticle[] };
}

/** The index's entries: each card shows the processed card-size cover, or the stored URL when there is none. */
export function searchIndexOf(articles: IndexedArticle[]): SearchIndexEntry[] {
  return buildSearchIndex(articles, (article) => article.featureImage?.childImageSharp?.gatsbyImageData.images.fallback?.src ?? article.featureImageUrl);
}

/** createPages: writes /blog-index.json, the search index of every published article. */
export async function writeSearchIndex({ graphql, reporter, store }: Pick<CreatePagesArgs, "graphql" | "reporter" | "store">): Promise<void> {
  const result = await graphql<ArticlesForIndexQuery>(`
    query ArticlesForSearchIndex {
      allBlogPost(sort: { lastUpdate: DESC }) {
        nodes {
          documentId
          slug
          title
          categories
          featureImageUrl
          lastUpdate
          featureImage {
            childImageSharp {
              gatsbyImageData(width: 480, aspectRatio: 1.6, placeholder: NONE, formats: [AUTO, WEBP])
            }
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the blog articles for the search index", result.errors);
    return;
  }
  await writeFile(path.join(publicDir(store), SEARCH_INDEX_FILE), JSON.stringify(searchIndexOf(result.data.allBlogPost.nodes)));
}
