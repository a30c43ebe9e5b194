import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import type { NodePluginArgs, Store } from "gatsby";
import { encoderCalls } from "./image-store/encode.ts";
import { CoverError, fillCover, storedOriginalSync, type CoverSource } from "./image-store/fill.ts";
import { inPool } from "./image-store/pool.ts";
import { publishImmutable } from "./image-store/publish.ts";
import {
  ARTICLE_RECIPE,
  CARD_RECIPE,
  COVER_RECIPES,
  coverImageData,
  SHARING_RECIPE,
  SITE_RECIPES,
  variantKey,
  type CoverRecipe,
} from "./image-store/recipes.ts";
import { imageStoreDir, readRecordSync, readSource, variantDir, type VariantRecord } from "./image-store/store.ts";
import { sharingPath } from "./image-store/encode.ts";
import { publicDir, siteDir } from "./output-files";
import { recordEntry } from "@kindred/publishing";

// The build's side of the image store (src/node/image-store): before the pages are made, every
// article's cover is taken from the store, or downloaded and encoded into it when the store lacks
// it, and its files are linked into public/static/<key>/. The pages' queries then read the store's
// records (coverData), and the sharing images come from it too (write-og-images.ts).

/** A BlogPost node's cover as the source plugin left it (not in the GraphQL schema). */
export interface CoverOwner {
  documentId: string;
  lastUpdate: string;
  featureImageSource?: CoverSource | null;
}

/** The site's image store folder. */
export const storeOf = (store: Store): string => imageStoreDir(siteDir(store));

/** Where a key's files are published, as a site path. */
export const publishedDir = (key: string): string => `/static/${key}`;

/**
 * Whether the build asks a cover's URL again: when the article changed after the URL was last
 * asked (an editor who replaced the picture saved the article), or when IMAGE_STORE_REVALIDATE=true
 * asks for every URL (a picture replaced without touching its article).
 */
async function shouldRevalidate(store: string, post: CoverOwner, env: NodeJS.ProcessEnv): Promise<boolean> {
  const source = post.featureImageSource;
  if (!source || source.kind !== "url") return false;
  if (env.IMAGE_STORE_REVALIDATE === "true") return true;
  const known = await readSource(store, source.url);
  return known !== null && Date.parse(post.lastUpdate) > known.checkedAt;
}

async function publishKey(store: string, publicRoot: string, key: string, record: VariantRecord): Promise<number> {
  let linked = 0;
  for (const file of record.files) {
    if (await publishImmutable(path.join(variantDir(store, key), file), path.join(publicRoot, publishedDir(key), file)))
      linked += 1;
  }
  return linked;
}

export interface CoversPrepared {
  covers: number;
  encoded: number;
  failed: number;
  linked: number;
}

/**
 * createPages, before anything reads a cover: fills the store with what it lacks for every article
 * and links the files into public/. A cover that cannot be had is reported with its document and
 * field, and the article is built without it.
 */
export async function prepareCovers(
  args: Pick<NodePluginArgs, "getNodesByType" | "reporter" | "store">,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CoversPrepared> {
  const { reporter } = args;
  const store = storeOf(args.store);
  const publicRoot = publicDir(args.store);
  const posts = (args.getNodesByType("BlogPost") as unknown as CoverOwner[]).filter((post) => post.featureImageSource);
  const encodedBefore = encoderCalls();
  const result: CoversPrepared = { covers: posts.length, encoded: 0, failed: 0, linked: 0 };
  const started = Date.now();
  await inPool(posts, availableParallelism(), async (post) => {
    const source = post.featureImageSource!;
    try {
      const { original } = await fillCover(store, source, SITE_RECIPES, {
        revalidate: await shouldRevalidate(store, post, env),
      });
      for (const recipe of COVER_RECIPES) {
        const key = variantKey(original, recipe);
        // Read after the await: `linked += await …` would add to a count read before other tasks ran.
        const linked = await publishKey(store, publicRoot, key, readRecordSync(store, key)!);
        result.linked += linked;
      }
    } catch (error) {
      if (!(error instanceof CoverError)) throw error;
      result.failed += 1;
      const document = `blogMetaData/${post.documentId}`;
      const line =
        `[image store] ${document}: field "featureImage" ${error.message} ` +
        `(${source.kind === "url" ? source.url : source.path}); the article is shown without a cover image.`;
      reporter.warn(line);
      recordEntry({
        kind: "warning",
        id: post.documentId,
        document,
        field: "featureImage",
        rule: error.message,
        message: line,
      });
    }
  });
  result.encoded = encoderCalls() - encodedBefore;
  reporter.info(
    `[image store] ${result.covers} covers: ${result.encoded} encodings made, ${result.failed} failed, ${result.linked} files linked into public/ ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s, store ${store})`,
  );
  return result;
}

/**
 * For the fast lane's new article: its cover filled into the store as prepareCovers fills it, and the
 * cover's files that prepareCovers would link into `publicRoot` and that are not there yet (a cover
 * no other article shows), each with its place in the store. Throws CoverError as fillCover does.
 */
export async function newCoverFiles(
  store: string,
  publicRoot: string,
  post: CoverOwner,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ file: string; from: string }[]> {
  const source = post.featureImageSource;
  if (!source) return [];
  const { original } = await fillCover(store, source, SITE_RECIPES, {
    revalidate: await shouldRevalidate(store, post, env),
  });
  const files: { file: string; from: string }[] = [];
  for (const recipe of COVER_RECIPES) {
    const key = variantKey(original, recipe);
    for (const file of readRecordSync(store, key)!.files) {
      const published = path.join(publishedDir(key), file).slice(1);
      if (!existsSync(path.join(publicRoot, published)))
        files.push({ file: published, from: path.join(variantDir(store, key), file) });
    }
  }
  return files;
}

const records = new Map<string, VariantRecord>();

/** gatsby-plugin-image's data for an article's cover made with a recipe, from the store's record; null when the store has none. */
export function coverData(store: string, post: CoverOwner, recipe: CoverRecipe): IGatsbyImageData | null {
  const source = post.featureImageSource;
  if (!source) return null;
  const original = storedOriginalSync(store, source);
  if (!original) return null;
  const key = variantKey(original, recipe);
  // A record never changes once written (its key names its content), so it is read once per process.
  const record = records.get(key) ?? readRecordSync(store, key);
  if (!record) return null;
  records.set(key, record);
  return coverImageData({
    recipe,
    baseDir: publishedDir(key),
    sourceWidth: record.sourceWidth,
    sourceHeight: record.sourceHeight,
    sourceFormat: record.sourceFormat,
    placeholderURL: record.placeholder,
    backgroundColor: record.backgroundColor,
  });
}

/** The stored sharing image of an article's cover, or null when the store has none. */
export function sharingImageOf(store: string, post: CoverOwner): string | null {
  const source = post.featureImageSource;
  const original = source ? storedOriginalSync(store, source) : null;
  return original ? sharingPath(store, original, SHARING_RECIPE) : null;
}

export { ARTICLE_RECIPE, CARD_RECIPE };
