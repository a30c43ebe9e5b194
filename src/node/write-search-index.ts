import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { CreatePagesArgs, GatsbyCache } from "gatsby";
import { buildSearchIndex, type SearchIndexEntry } from "../lib/search-index";
import { assignSlots, buildSearchPieces } from "@kindred/article";
import type { BlogPostNode } from "@kindred/article";
import { blogPostsNewestFirst } from "./read-blog-posts";
import { CARD_RECIPE, coverData, storeOf } from "./covers";
import { publicDir, writeIfChanged } from "./output-files";

/** The folder of the index's pieces under public/ (packages/article/src/search-pieces.ts). */
const SEARCH_DIR = "search";
/** The single-file index of earlier builds, removed so a warm build does not publish it stale. */
const FORMER_INDEX_FILE = "blog-index.json";
/** Where the slots of the last build live in the site's Gatsby cache. */
export const SLOTS_KEY = "search-index-slots";
/** Files written at once: enough to keep the disk busy, few enough for any open-file limit. */
const WRITES_AT_ONCE = 32;

/** The index's entries: each card shows the card-size cover from the image store, or the stored URL when there is none. */
export function searchIndexOf(articles: BlogPostNode[], imageStore: string): SearchIndexEntry[] {
  return buildSearchIndex(
    articles,
    (article) => coverData(imageStore, article, CARD_RECIPE)?.images.fallback?.src || article.featureImageUrl,
  );
}

/**
 * createPages: writes the search index of every published article in pieces under /search/.
 *
 * Each entry shows the card-size cover, whose URL comes from the image store's record (read once
 * per cover; prepareCovers has filled the store). The articles themselves are read from their
 * nodes (src/node/read-blog-posts.ts). Each article keeps its slot from the last build while its
 * lastUpdate stays (the slots are kept in the cache), and a piece is rewritten only when its text
 * changes, so after one edit only the pieces it touches get a new modification time for the CDN and
 * the release that shares unchanged files with the last one. Answers how many slots it gave out.
 */
export async function writeSearchIndex(
  args: Pick<CreatePagesArgs, "store" | "getNodesByType"> & { cache: Pick<GatsbyCache, "get" | "set"> },
): Promise<number> {
  const { store, cache } = args;
  const entries = searchIndexOf(blogPostsNewestFirst(args), storeOf(store));
  const slots = assignSlots((await cache.get(SLOTS_KEY)) as (string | null)[] | undefined, entries);
  await cache.set(SLOTS_KEY, slots);
  const bySlotKey = new Map(entries.map((entry) => [`${entry.id}\n${entry.lastUpdate}`, entry]));
  const pieces = buildSearchPieces(slots.map((key) => (key === null ? null : bySlotKey.get(key)!)));
  await writePieces(publicDir(store), pieces);
  return slots.length;
}

/** Writes every piece whose text changed, removes pieces no longer made, and says how many it wrote. */
export async function writePieces(siteDir: string, pieces: Map<string, string>): Promise<number> {
  const folders = new Set([...pieces.keys()].map((file) => path.dirname(file)));
  await Promise.all([...folders].map((folder) => mkdir(path.join(siteDir, folder), { recursive: true })));
  const files = [...pieces];
  let written = 0;
  for (let start = 0; start < files.length; start += WRITES_AT_ONCE) {
    const changed = await Promise.all(
      files.slice(start, start + WRITES_AT_ONCE).map(([file, text]) => writeIfChanged(path.join(siteDir, file), text)),
    );
    written += changed.filter(Boolean).length;
  }
  const existing = await readdir(path.join(siteDir, SEARCH_DIR), { recursive: true, withFileTypes: true });
  const stale = existing
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !pieces.has(file));
  await Promise.all([...stale, FORMER_INDEX_FILE].map((file) => rm(path.join(siteDir, file), { force: true })));
  return written;
}
