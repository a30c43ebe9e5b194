import type { GatsbyNode } from "gatsby";
import { GATSBY_STORE, emptyCacheAtNextCheck, savedPluginStatus } from "../../gatsby-internals/gatsby-store";
import { mayUse } from "../../gatsby-internals/versions";
import { usesFirestore, type FirestoreSourceOptions } from "./plugin-options";

/** The plugin's name in Gatsby's status store, where the identity of the last source is kept. */
const PLUGIN_NAME = "gatsby-source-firestore";

/**
 * Which content a build reads: the sample files, or one Firestore project (on an emulator or not).
 * Everything Gatsby caches (nodes, downloaded covers, query results, page data) belongs to it.
 */
export function sourceIdentity(options: Pick<FirestoreSourceOptions, "firebaseConfig" | "emulatorHost">): string {
  if (!usesFirestore(options)) return JSON.stringify({ source: "local" });
  return JSON.stringify({
    source: "firestore",
    projectId: options.firebaseConfig?.projectId ?? "",
    emulatorHost: options.emulatorHost || null,
  });
}

/** The identity the cache in this workspace was built from, or null when none is recorded. */
export function cachedSourceIdentity(state: unknown): string | null {
  const recorded = savedPluginStatus(state, PLUGIN_NAME, "sourceIdentity");
  return typeof recorded === "string" ? recorded : null;
}

/**
 * Runs before Gatsby checks its cache. Gatsby empties the cache when its plugins hash changes
 * (plugin versions, package.json, gatsby-config and gatsby-node), but not when the same
 * configuration reads another source through environment variables. When the recorded source
 * differs, the stored hash is cleared so Gatsby's own check finds it changed and empties the whole
 * cache (nodes, covers, query results, page data) before anything is read from the new source.
 */
export function resetCacheOnSourceChange(
  { store, reporter }: Pick<Parameters<NonNullable<GatsbyNode["onPreInit"]>>[0], "store" | "reporter">,
  pluginOptions: object,
): void {
  if (!mayUse(GATSBY_STORE, reporter)) return;
  const previous = cachedSourceIdentity(store.getState());
  const current = sourceIdentity(pluginOptions as FirestoreSourceOptions);
  if (previous === null || previous === current) return;
  reporter.info(
    `[gatsby-source-firestore] The content source changed from ${previous} to ${current}: Gatsby's cache is emptied.`,
  );
  emptyCacheAtNextCheck(store, `${PLUGIN_NAME} source changed`);
}

/** Records the source this build reads, after any reset, with the rest of Gatsby's saved state. */
export function recordSourceIdentity(
  setPluginStatus: (status: Record<string, unknown>) => void,
  options: FirestoreSourceOptions,
): void {
  setPluginStatus({ sourceIdentity: sourceIdentity(options) });
}
