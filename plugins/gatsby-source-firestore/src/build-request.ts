// What the one who started the build asks of its sourcing, through two environment variables:
// CHANGED_DOCUMENT_IDS (comma-separated ids the rebuild trigger saw change) and
// FIRESTORE_FULL_READ=true (read everything again). Both are taken out of process.env as the
// plugin starts. Gatsby compiles the name of every environment variable into the bundle that
// renders the HTML (its DefinePlugin for Node targets), and a name present in this build and absent
// in the last changes that bundle, which makes Gatsby render every page again: measured with the
// sample content, adding one unrelated variable re-rendered 35 of 35 pages, changing its value
// none. A warm build asked to look at one document must not re-render 10,000 pages.

/** The request, as read before the variables were removed. */
export interface BuildRequest {
  /** Document ids named by the trigger: read even if their lastUpdate did not move. */
  changedIds: string[];
  /** Read every published document instead of the changes. */
  fullRead: boolean;
}

export const CHANGED_IDS_VARIABLE = "CHANGED_DOCUMENT_IDS";
export const FULL_READ_VARIABLE = "FIRESTORE_FULL_READ";

let taken: BuildRequest | undefined;

/** Parses the two variables; an id with a slash (a path, not an id) or an empty entry is ignored. */
export function parseBuildRequest(env: NodeJS.ProcessEnv): BuildRequest {
  const changedIds = (env[CHANGED_IDS_VARIABLE] ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "" && !id.includes("/"));
  return { changedIds: [...new Set(changedIds)], fullRead: env[FULL_READ_VARIABLE] === "true" };
}

/**
 * The build's request: read from `env` the first time, then the variables are deleted from it, and
 * later calls in this process give the same answer. onPreInit calls it before Gatsby sets up webpack.
 */
export function takeBuildRequest(env: NodeJS.ProcessEnv = process.env): BuildRequest {
  if (!taken) {
    taken = parseBuildRequest(env);
    delete env[CHANGED_IDS_VARIABLE];
    delete env[FULL_READ_VARIABLE];
  }
  return taken;
}

/** For tests: forget what was taken, so the next call reads the environment again. */
export function forgetBuildRequest(): void {
  taken = undefined;
}
