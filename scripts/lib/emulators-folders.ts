// Where `npm run emulators` (scripts/emulators.ts) keeps what its rebuild service makes: the site it
// publishes (PUBLISH_DIR) and its builds (BUILDS_DIR: the workspace, releases, logs, queue.json).
// They live in the temporary folder, one pair per project id and checkout: shared by two clones,
// the second's service would build in the first's workspace (whose node_modules link points at the
// first clone) and publish over the first's site.
import { createHash } from "node:crypto";
import path from "node:path";

export interface EmulatorsFolders {
  publishDir: string;
  buildsDir: string;
}

/** A short digest of a checkout's root folder: the same at every start, another for another clone. */
export const checkoutTag = (root: string): string =>
  createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 10);

/**
 * The folders of project `projectId` run from the checkout at `root`, under `tmpDir`. The builds
 * go where the service's own default would put them (`.<name>-builds` beside PUBLISH_DIR,
 * webhook/lib/config.ts), but are named outright, so that a BUILDS_DIR in the caller's environment
 * cannot send two checkouts to one.
 */
export function emulatorsFolders(tmpDir: string, projectId: string, root: string): EmulatorsFolders {
  const base = path.join(tmpDir, `kindred-emulators-${projectId}-${checkoutTag(root)}`);
  return { publishDir: path.join(base, "site"), buildsDir: path.join(base, ".site-builds") };
}
