import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { readRecord, TEMPORARY, variantDir } from "./store.ts";

/** What a look over the whole store found. */
export interface StoreCheck {
  /** Keys whose record is on disk (complete variant sets). */
  complete: string[];
  /** Keys with files but no record yet: an encoding under way or interrupted, never served. */
  incomplete: string[];
  /** Files a record names that are not there: a store that breaks its own rule. */
  missing: string[];
  /** Unfinished writes (temporary names) anywhere in the store. */
  temporary: string[];
}

async function entries(dir: string): Promise<string[]> {
  return existsSync(dir) ? readdir(dir) : [];
}

/** Checks that every record's files are present, and lists what an interrupted fill left. */
export async function checkStore(store: string): Promise<StoreCheck> {
  const check: StoreCheck = { complete: [], incomplete: [], missing: [], temporary: [] };
  for (const folder of ["originals", "sources"]) {
    for (const name of await entries(path.join(store, folder)))
      if (TEMPORARY.test(name)) check.temporary.push(path.join(folder, name));
  }
  for (const key of await entries(path.join(store, "images"))) {
    const names = await entries(variantDir(store, key));
    for (const name of names) if (TEMPORARY.test(name)) check.temporary.push(path.join("images", key, name));
    if (names.includes("og.jpg")) {
      check.complete.push(key);
      continue;
    }
    const record = await readRecord(store, key);
    if (!record) {
      check.incomplete.push(key);
      continue;
    }
    check.complete.push(key);
    for (const file of record.files) if (!names.includes(file)) check.missing.push(path.join("images", key, file));
  }
  return check;
}
