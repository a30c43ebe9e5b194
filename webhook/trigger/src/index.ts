// Cloud Function: when a blog article's metadata changes in a way visitors can see, ask the rebuild
// service (webhook/server.ts) for a rebuild with a signed POST.
import { defineInt, defineSecret, defineString } from "firebase-functions/params";
// Named imports (not a namespace object) so a test spying on the logger module reaches these calls.
import { debug, error as logError, info } from "firebase-functions/logger";
import { onDocumentWritten, type DocumentSnapshot } from "firebase-functions/v2/firestore";
import { createDebouncer, type Debouncer } from "./debounce.ts";
import { sign } from "./signature.ts";

const rebuildSecret = defineSecret("REBUILD_SECRET");
const rebuildUrl = defineString("REBUILD_URL", { description: "URL the rebuild webhook listens on" });
const DEFAULT_DEBOUNCE_MS = 5000;
const debounceMs = defineInt("REBUILD_DEBOUNCE_MS", {
  default: DEFAULT_DEBOUNCE_MS,
  description: "Quiet period that joins a burst of edits into one rebuild request",
});
const REQUEST_TIMEOUT_MS = 10_000;

export interface RebuildResult {
  status: number;
}

/** Sends one signed rebuild request naming the changed documents of a batch. */
async function postRebuild(ids: string[]): Promise<RebuildResult> {
  const url = rebuildUrl.value();
  const secret = rebuildSecret.value();
  if (!url || !secret) {
    logError("Rebuild not requested: REBUILD_URL or REBUILD_SECRET is not set", { documents: ids });
    throw new Error("REBUILD_URL and REBUILD_SECRET must both be set");
  }
  // Signed as the exact string sent: the service verifies the raw bytes, not a re-serialization.
  const body = JSON.stringify({ reason: "firestore", documents: ids, requestedAt: new Date().toISOString() });

  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Signature-256": sign(body, secret) },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    logError("Rebuild request failed to reach the webhook", { documents: ids, error: String(error) });
    throw error;
  }
  // The answer is short; reading it frees the socket and gives the log something to show.
  const answer = (await response.text().catch(() => "")).slice(0, 500);

  if (response.status === 429) {
    // The webhook is rate-limiting or already has a build queued, which will include these changes.
    info("Rebuild webhook is busy; a queued build will pick these changes up", { documents: ids, answer });
    return { status: response.status };
  }
  if (!response.ok) {
    logError(`Rebuild webhook answered ${response.status}`, { documents: ids, status: response.status, answer });
    throw new Error(`Rebuild webhook answered ${response.status}`);
  }
  info("Rebuild requested", { documents: ids, status: response.status });
  return { status: response.status };
}

// Debouncing is per instance: a v2 function handles many events at once on one instance, so a burst
// of edits (a bulk import, an editor saving again and again) becomes one request here, and the
// service joins requests from different instances into one build. The debouncer is made on the first
// event because params can be read only at run time, not while the CLI loads the code.
let debouncer: Debouncer<RebuildResult> | null = null;

function getDebouncer(): Debouncer<RebuildResult> {
  if (!debouncer) {
    // An unset IntParam reads as 0 at run time (the CLI fills defaults in at deploy, a test runner
    // does not), so anything below 1 means the default.
    const waitMs = debounceMs.value() > 0 ? debounceMs.value() : DEFAULT_DEBOUNCE_MS;
    // A batch waits at most 4 windows: 20 s by default, which with the 10 s request timeout stays
    // inside the 60 s an event function may run, even for the first event of a steady stream.
    debouncer = createDebouncer({ waitMs, maxWaitMs: waitMs * 4, run: postRebuild });
  }
  return debouncer;
}

const isPublished = (snapshot: DocumentSnapshot | undefined): boolean => Boolean(snapshot?.exists) && snapshot?.get("published") === true;

export const requestRebuild = onDocumentWritten(
  {
    document: "blogMetaData/{id}",
    secrets: [rebuildSecret],
    // Failures throw (after logger.error) so they show as failed executions, and so that turning
    // retries on would work unchanged. They stay off: a wrong secret or URL would retry every event
    // for up to a day to no avail, a missed build is caught by the next publish or a manual rebuild,
    // and the site's live blog route already serves articles newer than the build.
    retry: false,
  },
  async (event) => {
    const id = event.params.id;
    const wasPublished = isPublished(event.data?.before);
    const nowPublished = isPublished(event.data?.after);
    if (!wasPublished && !nowPublished) {
      debug("No rebuild: the article is unpublished before and after this write", { document: id });
      return;
    }
    // Resolves only once the shared POST is done, which keeps the instance alive until it is sent.
    await getDebouncer().add(id);
  },
);
