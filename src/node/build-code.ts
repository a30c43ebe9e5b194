// Gatsby empties its cache when its plugins hash changes: the plugins' versions, package.json, and
// the text of gatsby-config and gatsby-node themselves. The modules gatsby-node imports are not part
// of it, nor is the code of the local source plugin (whose version never changes). A warm build after
// a change to them would keep every page it does not re-render as the old code made it: sanitized
// bodies from the old rules, the old boot script and policy, the old feed. So the build records a
// fingerprint of that code, and empties the cache when the next build in the folder finds another.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import {
  GATSBY_STORE,
  emptyCacheAtNextCheck,
  savedPluginStatus,
  siteDir,
} from "../../plugins/gatsby-internals/gatsby-store";
import { mayUse } from "../../plugins/gatsby-internals/versions";

/** The project's code that the build runs outside webpack's bundles, relative to the site. */
// The article core is among it: the source plugin finishes bodies with it, and the feed renders them.
export const BUILD_CODE = [
  "gatsby-node.ts",
  "gatsby-config.ts",
  path.join("src", "node"),
  path.join("src", "lib"),
  "packages",
  "plugins",
];

/** Where Gatsby keeps the site's own plugin status, and the key of the fingerprint in it. */
const SITE_PLUGIN = "default-site-plugin";
const STATUS_KEY = "buildCodeFingerprint";

/** A hash of the paths and contents of every file of BUILD_CODE under `root` (node_modules left out). */
export function buildCodeFingerprint(root: string): string {
  const hash = createHash("sha256");
  const visit = (relative: string): void => {
    const full = path.join(root, relative);
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (name !== "node_modules") visit(path.join(relative, name));
    } else {
      hash
        .update(`${relative.split(path.sep).join("/")}\0`)
        .update(readFileSync(full))
        .update("\0");
    }
  };
  for (const entry of BUILD_CODE) if (existsSync(path.join(root, entry))) visit(entry);
  return hash.digest("hex").slice(0, 20);
}

/**
 * onPreInit, before Gatsby checks its cache: when the fingerprint recorded by the last build in this
 * folder differs from the code's now, the stored plugins hash is changed so that Gatsby's own check
 * empties the whole cache (the source plugin does the same when the content source changes).
 */
export function resetCacheOnCodeChange({
  store,
  reporter,
}: Pick<Parameters<NonNullable<GatsbyNode["onPreInit"]>>[0], "store" | "reporter">): void {
  if (!mayUse(GATSBY_STORE, reporter)) return;
  const root = siteDir(store);
  const recorded = savedPluginStatus(store.getState(), SITE_PLUGIN, STATUS_KEY);
  if (typeof recorded !== "string") return;
  const current = buildCodeFingerprint(root);
  if (recorded === current) return;
  reporter.info(
    `The build's own code (${BUILD_CODE.join(", ")}) changed since the cache was filled: Gatsby's cache is emptied.`,
  );
  emptyCacheAtNextCheck(store, `${STATUS_KEY} changed`);
}

/** onPreBootstrap: records the fingerprint of the code this build runs, with the rest of Gatsby's saved state. */
export function recordBuildCode({
  actions,
  store,
}: Pick<Parameters<NonNullable<GatsbyNode["onPreBootstrap"]>>[0], "actions" | "store">): void {
  actions.setPluginStatus({ [STATUS_KEY]: buildCodeFingerprint(siteDir(store)) });
}
