import type { APIRequestContext } from "@playwright/test";
import { MANIFEST_PATH, type SearchCard } from "@kindred/article";
import { articlesOfChunks, chunkFilesOf } from "../support/indexed-articles";

export { indexedArticlesIn } from "../support/indexed-articles";

/** Every article of the search index as the site serves it, newest first, from its card chunks. */
export async function indexedArticles(request: APIRequestContext): Promise<SearchCard[]> {
  const read = async (file: string): Promise<string> => {
    const response = await request.get(`/${file}`);
    if (!response.ok()) throw new Error(`/${file}: HTTP ${response.status()}`);
    return response.text();
  };
  return articlesOfChunks(await Promise.all(chunkFilesOf(await read(MANIFEST_PATH)).map(read)));
}
