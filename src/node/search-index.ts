import path from "node:path";
import type { CreatePagesArgs, GatsbyCache } from "gatsby";
import { buildSearchIndex, type IndexableArticle, type SearchIndexEntry } from "../lib/search-index";
import { blogPostsNewestFirst, coverOf } from "./blog-post-nodes";
import { publicDir, writeIfChanged } from "./site-paths";

/** The URL the blog list fetches the index from when a visitor starts a search. */
const SEARCH_INDEX_FILE = "blog-index.json";

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
 * createPages: writes /blog-index.json, the search index of every published article.
 *
 * Each entry shows the card-size cover, whose URL comes from gatsby-plugin-image's resolver: a
 * few milliseconds per call, which made this step take 34 s at 10,000 articles. The URL depends on
 * the cover file alone, so it is asked once per distinct file and kept in the cache with the file's
 * digest; a build asks only for covers it has not seen or whose bytes changed. The articles
 * themselves are read from their nodes (src/node/blog-post-nodes.ts). The file is rewritten only
 * when its text changes, so an unchanged index keeps its modification time for the CDN and the
 * release that shares unchanged files with the last one.
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
  await writeIfChanged(path.join(publicDir(store), SEARCH_INDEX_FILE), JSON.stringify(searchIndexOf(articles, cardImages)));
}
