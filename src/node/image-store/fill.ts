import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { checkCoverUrl, type CoverImagePolicy } from "@kindred/article";
import { describeOriginal, drawSharing, encodeCover, sharingPath } from "./encode.ts";
import { variantKey, type CoverRecipe, type SharingRecipe } from "./recipes.ts";
import {
  originalPath,
  readRecord,
  readSource,
  readSourceSync,
  sha256,
  sourcePath,
  variantDir,
  writeAtomic,
  writeOnce,
  type SourceRecord,
  type VariantRecord,
} from "./store.ts";

/**
 * Where a cover comes from: a URL to download, or a file on disk (the sample content). A URL comes
 * with the policy it passed (packages/article/src/safe-url.ts), which every redirect must pass as well; without
 * one, no redirect is followed.
 */
export type CoverSource = { kind: "url"; url: string; policy?: CoverImagePolicy } | { kind: "file"; path: string };

export interface StoreOriginalOptions {
  /** Ask the URL again (with its ETag and Last-Modified) even when the store already knows it. */
  revalidate?: boolean;
}

/** A cover that could not be stored, and why: the caller reports it with the document and field. */
export class CoverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CoverError";
  }
}

// Covers shared by several articles are downloaded and encoded by one task at a time in a
// process: the others wait for its result instead of doing the same work again.
const inFlight = new Map<string, Promise<unknown>>();

function once<T>(id: string, work: () => Promise<T>): Promise<T> {
  const running = inFlight.get(id) as Promise<T> | undefined;
  if (running) return running;
  const started = work().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
}

async function keepOriginal(store: string, bytes: Buffer): Promise<string> {
  const original = sha256(bytes);
  if (existsSync(originalPath(store, original))) return original;
  try {
    await describeOriginal(bytes);
  } catch (error) {
    throw new CoverError(`cannot be decoded: ${(error as Error).message}`);
  }
  await writeOnce(originalPath(store, original), bytes);
  return original;
}

/**
 * Puts a cover's original in the store and returns its sha256. A URL the store knows is not asked
 * again unless `revalidate`; then the request is conditional, and a 304 keeps what is stored while
 * a new picture at the same URL gives a new original (and so new keys). The same picture under
 * two URLs is one original.
 */
export async function storeOriginal(
  store: string,
  source: CoverSource,
  options: StoreOriginalOptions = {},
): Promise<string> {
  if (source.kind === "file") return keepOriginal(store, await readFile(source.path));
  return once(`${store}\u0000${source.url}\u0000${options.revalidate === true}`, () =>
    downloadOriginal(store, source, options),
  );
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GETs a cover's URL, following a redirect only to an address its policy allows: the policy was
 * checked against the first URL, and a host it allows could otherwise send the build anywhere
 * (this machine, a private network, a cloud's metadata server).
 */
async function fetchCover(source: Extract<CoverSource, { kind: "url" }>, headers: Record<string, string>) {
  const signal = AbortSignal.timeout(60_000);
  let url = source.url;
  for (let redirects = 0; ; redirects += 1) {
    let response: Response;
    try {
      response = await fetch(url, { headers, redirect: "manual", signal });
    } catch (error) {
      throw new CoverError(`could not be downloaded: ${(error as Error).message}`);
    }
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    const next = location === null ? null : URL.parse(location, url);
    if (!next) throw new CoverError(`could not be downloaded: HTTP ${response.status} without a usable Location`);
    if (!source.policy) throw new CoverError(`could not be downloaded: it redirects, and no host policy came with it`);
    if (redirects === MAX_REDIRECTS)
      throw new CoverError(`could not be downloaded: more than ${MAX_REDIRECTS} redirects`);
    const checked = checkCoverUrl(next.href, source.policy);
    if ("refused" in checked) throw new CoverError(`was redirected to an address that ${checked.refused}`);
    url = checked.url;
  }
}

async function downloadOriginal(
  store: string,
  source: Extract<CoverSource, { kind: "url" }>,
  options: StoreOriginalOptions,
): Promise<string> {
  const known = await readSource(store, source.url);
  if (known && !options.revalidate && existsSync(originalPath(store, known.original))) return known.original;
  const headers: Record<string, string> = {};
  if (known && existsSync(originalPath(store, known.original))) {
    if (known.etag) headers["If-None-Match"] = known.etag;
    if (known.lastModified) headers["If-Modified-Since"] = known.lastModified;
  }
  const response = await fetchCover(source, headers);
  if (response.status === 304 && known) {
    await writeAtomic(
      sourcePath(store, source.url),
      JSON.stringify({ ...known, checkedAt: Date.now() } satisfies SourceRecord),
    );
    return known.original;
  }
  if (!response.ok) throw new CoverError(`could not be downloaded: HTTP ${response.status}`);
  const original = await keepOriginal(store, Buffer.from(await response.arrayBuffer()));
  const record: SourceRecord = { url: source.url, original, checkedAt: Date.now() };
  const etag = response.headers.get("etag");
  const lastModified = response.headers.get("last-modified");
  if (etag) record.etag = etag;
  if (lastModified) record.lastModified = lastModified;
  await writeAtomic(sourcePath(store, source.url), JSON.stringify(record));
  return original;
}

/** The stored record of an original made with a recipe, encoded first when the store lacks it. */
export function ensureCover(
  store: string,
  original: string,
  recipe: CoverRecipe,
): Promise<{ record: VariantRecord; encoded: boolean }> {
  return once(`${store}\u0000${variantKey(original, recipe)}`, () => makeCover(store, original, recipe));
}

async function makeCover(
  store: string,
  original: string,
  recipe: CoverRecipe,
): Promise<{ record: VariantRecord; encoded: boolean }> {
  const stored = await readRecord(store, variantKey(original, recipe));
  if (stored) return { record: stored, encoded: false };
  try {
    return { record: await encodeCover(store, original, recipe), encoded: true };
  } catch (error) {
    // Files already written for this key are of no use without their record.
    await rm(variantDir(store, variantKey(original, recipe)), { recursive: true, force: true });
    throw new CoverError(`cannot be encoded: ${(error as Error).message}`);
  }
}

/** The sharing image of an original, drawn first when the store lacks it. */
export function ensureSharing(
  store: string,
  original: string,
  recipe: SharingRecipe,
): Promise<{ file: string; encoded: boolean }> {
  return once(`${store}\u0000${variantKey(original, recipe)}`, () => makeSharing(store, original, recipe));
}

async function makeSharing(
  store: string,
  original: string,
  recipe: SharingRecipe,
): Promise<{ file: string; encoded: boolean }> {
  const file = sharingPath(store, original, recipe);
  if (existsSync(file)) return { file, encoded: false };
  try {
    return { file: await drawSharing(store, original, recipe), encoded: true };
  } catch (error) {
    throw new CoverError(`cannot be drawn: ${(error as Error).message}`);
  }
}

export interface FilledCover {
  original: string;
  /** How many recipes (sharing image included) had to be encoded. */
  encoded: number;
}

/**
 * Everything the site needs of one cover, from the store or made now: the original, each cover
 * recipe and the sharing image. A cover that fails leaves nothing behind: no source record, no
 * original, no files (the next attempt starts clean) and throws a CoverError.
 */
export async function fillCover(
  store: string,
  source: CoverSource,
  recipes: { covers: readonly CoverRecipe[]; sharing: SharingRecipe },
  options: StoreOriginalOptions = {},
): Promise<FilledCover> {
  const original = await storeOriginal(store, source, options);
  let encoded = 0;
  try {
    for (const recipe of recipes.covers) if ((await ensureCover(store, original, recipe)).encoded) encoded += 1;
    if ((await ensureSharing(store, original, recipes.sharing)).encoded) encoded += 1;
  } catch (error) {
    if (source.kind === "url") await rm(sourcePath(store, source.url), { force: true });
    await rm(originalPath(store, original), { force: true });
    throw error;
  }
  return { original, encoded };
}

// The build's resolvers look covers up synchronously: a sample file's digest is kept per version of
// the file (its size and modification time), a URL's original comes from its source record.
const fileDigests = new Map<string, { stamp: string; original: string }>();

/** The original the store holds for a source, or null when it holds none. */
export function storedOriginalSync(store: string, source: CoverSource): string | null {
  if (source.kind === "url") return readSourceSync(store, source.url)?.original ?? null;
  try {
    const { size, mtimeMs } = statSync(source.path);
    const stamp = `${size}:${mtimeMs}`;
    const known = fileDigests.get(source.path);
    if (known?.stamp === stamp) return known.original;
    const original = sha256(readFileSync(source.path));
    fileDigests.set(source.path, { stamp, original });
    return original;
  } catch {
    return null;
  }
}
