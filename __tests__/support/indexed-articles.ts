import { readFileSync } from "node:fs";
import path from "node:path";
import { CARDS_PER_CHUNK, MANIFEST_PATH, chunkPath, type SearchCard, type SearchManifest } from "@kindred/article";

/** The card chunks that the search index's manifest (its text) says the build wrote, oldest slots first. */
export function chunkFilesOf(manifest: string): string[] {
  const { slots } = JSON.parse(manifest) as SearchManifest;
  return Array.from({ length: Math.ceil(slots / CARDS_PER_CHUNK) }, (_, chunk) => chunkPath(chunk));
}

/** Every article in those chunks (their texts, in the manifest's order), newest first, holes left out. */
export function articlesOfChunks(chunks: string[]): SearchCard[] {
  return chunks
    .flatMap((text) => JSON.parse(text) as (SearchCard | null)[])
    .filter((card): card is SearchCard => card !== null)
    .reverse();
}

/** Every article of the search index a build wrote under `publicDir`, newest first, from its card chunks. */
export function indexedArticlesIn(publicDir: string): SearchCard[] {
  const read = (file: string): string => readFileSync(path.join(publicDir, file), "utf8");
  return articlesOfChunks(chunkFilesOf(read(MANIFEST_PATH)).map(read));
}
