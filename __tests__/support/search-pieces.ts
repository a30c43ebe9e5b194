import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SearchCard } from "@kindred/article";

// The search index in pieces for tests: cards to index, and the pieces written as a build writes them.

/** The card of the nth oldest article, with this title (a minute newer than the one before). */
export const searchCard = (title: string, n: number): SearchCard => ({
  id: `doc-${n}`,
  slug: `article-${n}`,
  title,
  categories: ["Dating"],
  image: `/static/${n}/card.webp`,
  lastUpdate: new Date(Date.UTC(2020, 0, 1) + n * 60_000).toISOString(),
});

/** Writes the pieces (buildSearchPieces' files, by path) under `dir`. */
export function writePieces(dir: string, pieces: Map<string, string>): void {
  for (const folder of new Set([...pieces.keys()].map((file) => path.dirname(file))))
    mkdirSync(path.join(dir, folder), { recursive: true });
  for (const [file, text] of pieces) writeFileSync(path.join(dir, file), text);
}
