import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

// Which pages show each article's card, written by createPages from the very lists it gives the
// pages, so that the fast lane can re-render every page an edit to a card reaches (a new title)
// without reading every page of the site. The rebuild service copies it beside each release with
// the renderer (webhook/lib/fast-lane.ts): it describes that release's pages and no other.

/** Where createPages leaves the index, under the site folder; the lane reads it at the same place. */
export const CARD_INDEX_FILE = path.join(".cache", "fast-lane", "cards.json");

export interface CardIndex {
  version: 1;
  /** Every page that shows a card, once each. */
  pages: string[];
  /** By article document id: the indexes in `pages` of the pages showing its card, its own page not counted. */
  shownOn: Record<string, number[]>;
}

/** A page and the document ids of the cards it shows. */
export interface PageCards {
  path: string;
  documentIds: readonly string[];
}

/** The index of the cards the given pages show. */
export function cardIndexOf(pages: readonly PageCards[]): CardIndex {
  const index: CardIndex = { version: 1, pages: [], shownOn: {} };
  for (const page of pages) {
    if (page.documentIds.length === 0) continue;
    const at = index.pages.push(page.path) - 1;
    for (const id of new Set(page.documentIds)) (index.shownOn[id] ??= []).push(at);
  }
  return index;
}

/** The pages that show the card of article `documentId`. */
export const pagesShowing = (index: CardIndex, documentId: string): string[] =>
  (index.shownOn[documentId] ?? []).map((at) => index.pages[at]!);

export const writeCardIndex = (siteDir: string, index: CardIndex): Promise<void> =>
  writeLaneRecord(siteDir, CARD_INDEX_FILE, index);

/** The index the last build left in `siteDir`, or undefined when there is none or it is not one. */
export const readCardIndex = (siteDir: string): Promise<CardIndex | undefined> =>
  readLaneRecord(
    siteDir,
    CARD_INDEX_FILE,
    (index: Partial<CardIndex>) =>
      index.version === 1 && Array.isArray(index.pages) && typeof index.shownOn === "object",
  );

/** Writes one of the records the build leaves the fast lane, as JSON, at `file` under the site folder. */
export async function writeLaneRecord(siteDir: string, file: string, record: unknown): Promise<void> {
  const full = path.join(siteDir, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, JSON.stringify(record));
}

/** One of the records the build leaves the fast lane, or undefined when there is none or it is not one. */
export async function readLaneRecord<T>(
  siteDir: string,
  file: string,
  isOne: (record: Partial<T>) => boolean,
): Promise<T | undefined> {
  const text = await readFile(path.join(siteDir, file), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  const record = JSON.parse(text) as Partial<T>;
  return isOne(record) ? (record as T) : undefined;
}
