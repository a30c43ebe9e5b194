import type { APIRequestContext } from "@playwright/test";
import {
  CARDS_PER_CHUNK,
  MANIFEST_PATH,
  chunkPath,
  type SearchCard,
  type SearchManifest,
} from "../../src/lib/search-pieces";

export { indexedArticlesIn } from "../support/indexed-articles";

/** Every article of the search index as the site serves it, newest first, from its card chunks. */
export async function indexedArticles(request: APIRequestContext): Promise<SearchCard[]> {
  const read = async (file: string): Promise<string> => {
    const response = await request.get(`/${file}`);
    if (!response.ok()) throw new Error(`/${file}: HTTP ${response.status()}`);
    return response.text();
  };
  const { slots } = JSON.parse(await read(MANIFEST_PATH)) as SearchManifest;
  const chunks = await Promise.all(
    Array.from({ length: Math.ceil(slots / CARDS_PER_CHUNK) }, (_, chunk) => read(chunkPath(chunk))),
  );
  return chunks
    .flatMap((text) => JSON.parse(text) as (SearchCard | null)[])
    .filter((card): card is SearchCard => card !== null)
    .reverse();
}
