import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { CreatePagesArgs, GatsbyCache } from "gatsby";
import { buildSearchIndex, type IndexableArticle, type SearchIndexEntry } from "../lib/search-index";
import { assignSlots, buildSearchPieces } from "../lib/search-pieces";
import { blogPostsNewestFirst, coverOf } from "./blog-post-nodes";
import { publicDir, writeIfChanged } from "./site-paths";

/** The folder of the index's pieces under public/ (src/lib/search-pieces.ts). */
const SEARCH_DIR = "search";
/** The single-file index of earlier builds, removed so a warm build does not publish it stale. */
const FORMER_INDEX_FILE = "blog-index.json";
/** Where the slots of the last build live in the site's Gatsby cache. */
export const SLOTS_KEY = "search-index-slots";
/** Files written at once: enough to keep the disk busy, few enough for any open-file limit. */
const WRITES_AT_ONCE = 32;

interface IndexedArticle extends IndexableArticle {
  /** The processed cover's file node, and the digest that changes with its bytes. */
  featureImage: { id: string; internal: { contentDigest: string } } | null;
}

interface CardImagesQuery {
  allFile: { nodes: { id: string; childImageSharp: { gatsbyImageData: { images: { fallback?: { src: string } } } } | null }[] };
}

/** Card-size cover URLs by cover file id, with the file digest each was made from. */
type CardImages = Record<string, { digest: string; src: string | null }>;

/**
 * The card's image arguments, exactly as the BlogCardFields fragment (BlogCard.tsx) has them: a
 * GraphQL fragment cannot take them from here, so a unit test keeps the two equal. gatsby-plugin-sharp
 * makes one job per call and reuses a job only for the same arguments; with these the index gets
 * the card's own fallback file and no image is encoded twice.
 */
const CARD_IMAGE_ARGS = "width: 480, aspectRatio: 1.6, outputPixelDensities: [0.25, 0.7354, 1, 1.4708, 2], placeholder: NONE, formats: [AUTO, WEBP]";

/** Where the card URLs of the last build live in the site's Gatsby cache. */
export const CARD_IMAGES_KEY = "search-index-card-images";

/** The index's entries: each card shows the processed card-size cover, or the stored URL when there is none. */
export function searchIndexOf(articles: IndexedArticle[], cardImages: CardImages): SearchIndexEntry[] {
  return buildSearchIndex(articles, (article) => (article.featureImage && cardImages[article.featureImage.id]?.src) || article.featureImageUrl);
}

/**
 * createPages: writes the search index of every published article in pieces under /search/.
 *
 * Each entry shows the card-size cover, whose URL comes from gatsby-plugin-image's resolver: a
 * few milliseconds per call, which made this step take 34 s at 10,000 articles. The URL depends on
 * the cover file alone, so it is asked once per distinct file and kept in the cache with the file's
 * digest; a build asks only for covers it has not seen or whose bytes changed. The articles
 * themselves are read from their nodes (src/node/blog-post-nodes.ts). Each article keeps its slot
 * from the last build while its lastUpdate stays (the slots are kept in the cache), and a piece is
 * rewritten only when its text changes, so after one edit only the pieces it touches get a new
 * modification time for the CDN and the release that shares unchanged files with the last one.
 */
export async function writeSearchIndex(
  args: Pick<CreatePagesArgs, "graphql" | "reporter" | "store" | "getNodesByType" | "getNode"> & { cache: Pick<GatsbyCache, "get" | "set"> },
): Promise<void> {
  const { graphql, reporter, store, cache } = args;
  const articles: IndexedArticle[] = blogPostsNewestFirst(args).map((post) => {
    const cover = coverOf(post, args);
    const { documentId, slug, title, categories, featureImageUrl, lastUpdate } = post;
    return { documentId, slug, title, categories, featureImageUrl, lastUpdate, featureImage: cover && { id: cover.id, internal: { contentDigest: cover.internal.contentDigest } } };
  });
  const known = ((await cache.get(CARD_IMAGES_KEY)) as CardImages | undefined) ?? {};
  const cardImages: CardImages = {};
  const missing = new Map<string, string>();
  for (const { featureImage } of articles) {
    if (!featureImage) continue;
    const kept = known[featureImage.id];
    if (kept && kept.digest === featureImage.internal.contentDigest) cardImages[featureImage.id] = kept;
    else missing.set(featureImage.id, featureImage.internal.contentDigest);
  }
  if (missing.size > 0) {
    const images = await graphql<CardImagesQuery>(
      `
        query CardImagesForSearchIndex($ids: [String!]) {
          allFile(filter: { id: { in: $ids } }) {
            nodes {
              id
              childImageSharp {
                gatsbyImageData(${CARD_IMAGE_ARGS})
              }
            }
          }
        }
      `,
      { ids: [...missing.keys()] },
    );
    if (images.errors || !images.data) {
      reporter.panicOnBuild("Could not query the card images for the search index", images.errors);
      return;
    }
    for (const { id, childImageSharp } of images.data.allFile.nodes) {
      cardImages[id] = { digest: missing.get(id)!, src: childImageSharp?.gatsbyImageData.images.fallback?.src ?? null };
    }
  }
  await cache.set(CARD_IMAGES_KEY, cardImages);
  const entries = searchIndexOf(articles, cardImages);
  const slots = assignSlots((await cache.get(SLOTS_KEY)) as (string | null)[] | undefined, entries);
  await cache.set(SLOTS_KEY, slots);
  const bySlotKey = new Map(entries.map((entry) => [`${entry.id}\n${entry.lastUpdate}`, entry]));
  const pieces = buildSearchPieces(slots.map((key) => (key === null ? null : bySlotKey.get(key)!)));
  await writePieces(publicDir(store), pieces);
}

/** Writes every piece whose text changed, removes pieces no longer made, and says how many it wrote. */
export async function writePieces(siteDir: string, pieces: Map<string, string>): Promise<number> {
  const folders = new Set([...pieces.keys()].map((file) => path.dirname(file)));
  await Promise.all([...folders].map((folder) => mkdir(path.join(siteDir, folder), { recursive: true })));
  const files = [...pieces];
  let written = 0;
  for (let start = 0; start < files.length; start += WRITES_AT_ONCE) {
    const changed = await Promise.all(files.slice(start, start + WRITES_AT_ONCE).map(([file, text]) => writeIfChanged(path.join(siteDir, file), text)));
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
