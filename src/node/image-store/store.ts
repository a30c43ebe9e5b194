import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

// The image store's layout on disk. Everything in it is named by what it holds, and every file is
// written to a temporary name first and renamed into place, so a reader (another build, another
// fill, a resumed one) sees a whole file or none; a variant's record is written after its files,
// so a record on disk means its files are complete.
//
//   originals/<sha256 of the bytes>      the downloaded or sample cover, as it came
//   sources/<sha256 of the URL>.json     what a URL gave last time (ETag, Last-Modified, original)
//   images/<key>/<w>x<h>.<format>        the encoded files of one original and one recipe
//   images/<key>/record.json             their description, written last
//   images/<key>/og.jpg                  the sharing image, for the sharing recipe's keys

/** The folder the store lives in: IMAGE_STORE_DIR, or .image-store/ in the project (git-ignored). */
export function imageStoreDir(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(projectDir, env.IMAGE_STORE_DIR || ".image-store");
}

/** What a URL answered with the last time it was downloaded or revalidated. */
export interface SourceRecord {
  url: string;
  etag?: string;
  lastModified?: string;
  /** The sha256 of the bytes it gave. */
  original: string;
  /** When the URL was last asked (ms since the epoch). */
  checkedAt: number;
}

/** One original encoded with one recipe. */
export interface VariantRecord {
  recipe: string;
  original: string;
  sourceWidth: number;
  sourceHeight: number;
  sourceFormat: string;
  /** A small blurred picture as a data URI, shown while the file loads. */
  placeholder: string;
  /** The picture's dominant colour, #rrggbb. */
  backgroundColor: string;
  files: string[];
}

export const sha256 = (data: Buffer | string): string => createHash("sha256").update(data).digest("hex");

export const originalPath = (store: string, original: string): string => path.join(store, "originals", original);
export const sourcePath = (store: string, url: string): string => path.join(store, "sources", `${sha256(url)}.json`);
export const variantDir = (store: string, key: string): string => path.join(store, "images", key);
export const recordPath = (store: string, key: string): string => path.join(variantDir(store, key), "record.json");

/** The temporary names of unfinished writes: a prune removes those an interrupted fill left. */
export const TEMPORARY = /\.tmp-\d+-[0-9a-f]+$/;

/** Writes `data` at `file` atomically: to a temporary name beside it, then renamed into place. */
export async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes a content-addressed file once: the first writer's file stays, so a file already linked
 * into public/ is never swapped for an equal copy by a second fill of the same key. Where the file
 * system has no hard links (a bucket mounted through FUSE), the rename of writeAtomic is used.
 */
export async function writeOnce(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    await writeFile(temporary, data);
    await link(temporary, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") return;
      if (error.code === "EPERM" || error.code === "ENOTSUP" || error.code === "ENOSYS" || error.code === "EXDEV")
        return rename(temporary, file);
      throw error;
    });
  } finally {
    await rm(temporary, { force: true });
  }
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function readJsonSync<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

export const readSource = (store: string, url: string): Promise<SourceRecord | null> =>
  readJson<SourceRecord>(sourcePath(store, url));
export const readSourceSync = (store: string, url: string): SourceRecord | null =>
  readJsonSync<SourceRecord>(sourcePath(store, url));
export const readRecord = (store: string, key: string): Promise<VariantRecord | null> =>
  readJson<VariantRecord>(recordPath(store, key));
export const readRecordSync = (store: string, key: string): VariantRecord | null =>
  readJsonSync<VariantRecord>(recordPath(store, key));
