// Cloud Function: when a blog article's metadata changes in a way visitors can see, ask the rebuild
// webhook (webhook/server.mjs) for a rebuild with a signed POST. Plain CommonJS so it deploys as-is.
"use strict";

const { onDocumentWritten } = require("firebase-functions/v2/firestore");
const { defineInt, defineSecret, defineString } = require("firebase-functions/params");
const logger = require("firebase-functions/logger");
const { createDebouncer } = require("./debounce");
const { sign } = require("./signature");

const rebuildSecret = defineSecret("REBUILD_SECRET");
const rebuildUrl = defineString("REBUILD_URL", { description: "URL the rebuild webhook listens on" });
const DEFAULT_DEBOUNCE_MS = 5000;
const debounceMs = defineInt("REBUILD_DEBOUNCE_MS", {
  default: DEFAULT_DEBOUNCE_MS,
  description: "Quiet period that joins a burst of edits into one rebuild request",
});
const REQUEST_TIMEOUT_MS = 10_000;

/** @typedef {{ status: number }} RebuildResult */

/**
 * Sends one signed rebuild request naming the documents of a batch.
 * @param {string[]} ids the changed documents' ids
 * @returns {Promise<RebuildResult>}
 */
async function postRebuild(ids) {
  const url = rebuildUrl.value();
  const secret = rebuildSecret.value();
  if (!url || !secret) {
    logger.error("Rebuild not requested: REBUILD_URL or REBUILD_SECRET is not set", { documents: ids });
    throw new Error("REBUILD_URL and REBUILD_SECRET must both be set");
  }
  // Signed as the exact string sent, so the server must verify the raw body bytes, not a re-serialization.
  const body = JSON.stringify({ reason: "firestore", documents: ids, requestedAt: new Date().toISOString() });

  /** @type {Response} */
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Signature-256": sign(body, secret) },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    logger.error("Rebuild request failed to reach the webhook", { documents: ids, error: String(error) });
    throw error;
  }
  // Read the (short) answer so the socket is released, and to have it for the log.
  const answer = (await response.text().catch(() => "")).slice(0, 500);

  if (response.status === 429) {
    // The webhook is rate-limiting or already has a build queued, which will include these changes.
    logger.info("Rebuild webhook is busy; a queued build will pick these changes up", { documents: ids, answer });
    return { status: response.status };
  }
  if (!response.ok) {
    logger.error(`Rebuild webhook answered ${response.status}`, { documents: ids, status: response.status, answer });
    throw new Error(`Rebuild webhook answered ${response.status}`);
  }
  logger.info("Rebuild requested", { documents: ids, status: response.status });
  return { status: response.status };
}

// Debouncing is per instance only: v2 functions handle many events concurrently on one instance,
// so a burst of edits (a bulk import, an editor saving repeatedly) becomes one request here, and
// the webhook itself coalesces requests from different instances into one build. Created on the
// first event because params may only be read at run time, not while the CLI loads the code.
/** @type {import("./debounce").Debouncer<RebuildResult> | null} */
let debouncer = null;

function getDebouncer() {
  if (!debouncer) {
    // IntParam.value() is 0 when the variable is unset (defaults are filled in by the CLI at deploy,
    // not at run time, e.g. under a test runner), so 0 or less means the default.
    const waitMs = debounceMs.value() > 0 ? debounceMs.value() : DEFAULT_DEBOUNCE_MS;
    // Max wait 4 × the window: 20 s by default, plus the 10 s request timeout, stays inside the
    // default 60 s event-function timeout even for the first event of a steady stream.
    debouncer = createDebouncer({ waitMs, maxWaitMs: waitMs * 4, run: postRebuild });
  }
  return debouncer;
}

/**
 * @param {import("firebase-functions/v2/firestore").DocumentSnapshot | undefined} snapshot
 * @returns {boolean}
 */
function isPublished(snapshot) {
  return Boolean(snapshot?.exists) && snapshot?.get("published") === true;
}

exports.requestRebuild = onDocumentWritten(
  {
    document: "blogMetaData/{id}",
    secrets: [rebuildSecret],
    // Failures throw (after logger.error) so they show as failed executions and so that turning
    // retries on works unchanged. They stay off: a wrong secret or URL would retry every event for
    // up to a day to no avail, and a missed build is caught by the next publish or a manual rebuild,
    // while the site's live blog route already serves articles newer than the build.
    retry: false,
  },
  async (event) => {
    const id = event.params.id;
    const wasPublished = isPublished(event.data?.before);
    const nowPublished = isPublished(event.data?.after);
    if (!wasPublished && !nowPublished) {
      logger.debug("No rebuild: the article is unpublished before and after this write", { document: id });
      return;
    }
    // Resolves only once the shared POST is done, so the instance is kept alive until it is sent.
    await getDebouncer().add(id);
  },
);
