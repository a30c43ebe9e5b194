import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { buildSearchIndex, type SearchIndexEntry } from "../lib/search-index";
import { blogPostsNewestFirst, type StoredBlogPost } from "./blog-post-nodes";
import { CARD_RECIPE, coverData, storeOf } from "./covers";
import { publicDir, writeIfChanged } from "./site-paths";

/** The URL the blog list fetches the index from when a visitor starts a search. */
const SEARCH_INDEX_FILE = "blog-index.json";

/** The index's entries: each card shows the card-size cover from the image store, or the stored URL when there is none. */
export function searchIndexOf(articles: StoredBlogPost[], imageStore: string): SearchIndexEntry[] {
  return buildSearchIndex(articles, (article) => coverData(imageStore, article, CARD_RECIPE)?.images.fallback?.src || article.featureImageUrl);
}

/**
 * createPages: writes /blog-index.json, the search index of every published article.
 *
 * Each entry shows the card-size cover, whose URL comes from the image store's record (read once
 * per cover; prepareCovers has filled the store). The articles themselves are read from their
 * nodes (src/node/blog-post-nodes.ts). The file is rewritten only when its text changes, so an
 * unchanged index keeps its modification time for the CDN and the release that shares unchanged
 * files with the last one.
 */
export async function writeSearchIndex(args: Pick<CreatePagesArgs, "store" | "getNodesByType">): Promise<void> {
  const { store } = args;
  await writeIfChanged(path.join(publicDir(store), SEARCH_INDEX_FILE), JSON.stringify(searchIndexOf(blogPostsNewestFirst(args), storeOf(store))));
}
