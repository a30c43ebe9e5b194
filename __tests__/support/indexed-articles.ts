import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CARDS_PER_CHUNK,
  MANIFEST_PATH,
  chunkPath,
  type SearchCard,
  type SearchManifest,
} from "../../src/lib/search-pieces";

/** Every article of the search index a build wrote under `publicDir`, newest first, from its card chunks. */
export function indexedArticlesIn(publicDir: string): SearchCard[] {
  const read = (file: string): string => readFileSync(path.join(publicDir, file), "utf8");
  const { slots } = JSON.parse(read(MANIFEST_PATH)) as SearchManifest;
  const cards: (SearchCard | null)[] = [];
  for (let chunk = 0; chunk * CARDS_PER_CHUNK < slots; chunk += 1)
    cards.push(...(JSON.parse(read(chunkPath(chunk))) as (SearchCard | null)[]));
  return cards.filter((card): card is SearchCard => card !== null).reverse();
}
