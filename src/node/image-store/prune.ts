import { existsSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { SITE_RECIPES, variantKey } from "./recipes.ts";
import { readRecord, TEMPORARY, variantDir, type SourceRecord } from "./store.ts";

/** What a prune removed (or, dry, would remove), as paths inside the store. */
export interface PruneResult {
  keptKeys: number;
  removed: string[];
}

const KEY = /^[0-9a-f]{32}$/;

async function entries(dir: string): Promise<string[]> {
  return existsSync(dir) ? readdir(dir) : [];
}

/** The store keys a built site names: the folders of its static/ that are 32 hex digits. */
async function keysOf(site: string): Promise<string[]> {
  return (await entries(path.join(site, "static"))).filter((name) => KEY.test(name));
}

/**
 * Removes from the store what no kept release references: variant folders no release's static/
 * names, the originals none of the kept folders was made from (with their sharing images and the
 * URLs' records that point at them), and unfinished writes. Anything changed within `graceMs` is
 * left alone, so a fill or a build running now, whose keys no release names yet, loses nothing.
 */
export async function pruneStore(
  store: string,
  keptSites: readonly string[],
  options: { graceMs: number; dryRun?: boolean; now?: number },
): Promise<PruneResult> {
  const now = options.now ?? Date.now();
  const keys = new Set<string>();
  for (const site of keptSites) for (const key of await keysOf(site)) keys.add(key);
  const originals = new Set<string>();
  for (const key of keys) {
    const record = await readRecord(store, key);
    if (record) originals.add(record.original);
  }
  for (const original of originals) keys.add(variantKey(original, SITE_RECIPES.sharing));
  const removed: string[] = [];
  const remove = async (file: string): Promise<void> => {
    const changed = await stat(file).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - changed < options.graceMs) return;
    removed.push(path.relative(store, file));
    if (!options.dryRun) await rm(file, { recursive: true, force: true });
  };
  for (const key of await entries(path.join(store, "images"))) {
    if (!keys.has(key)) await remove(variantDir(store, key));
    else
      for (const name of await entries(variantDir(store, key)))
        if (TEMPORARY.test(name)) await remove(path.join(variantDir(store, key), name));
  }
  for (const name of await entries(path.join(store, "originals"))) {
    if (TEMPORARY.test(name) || !originals.has(name)) await remove(path.join(store, "originals", name));
  }
  for (const name of await entries(path.join(store, "sources"))) {
    const file = path.join(store, "sources", name);
    if (TEMPORARY.test(name)) {
      await remove(file);
      continue;
    }
    const source = JSON.parse(await readFile(file, "utf8").catch(() => "{}")) as Partial<SourceRecord>;
    if (!source.original || !originals.has(source.original)) await remove(file);
  }
  return { keptKeys: keys.size, removed };
}
