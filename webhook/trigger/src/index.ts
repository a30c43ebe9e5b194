// Cloud Function: when a blog article's metadata changes in a way visitors can see, ask the rebuild
// service (webhook/server.ts) for a rebuild with a signed POST.
import { defineInt } from "firebase-functions/params";
// Named imports (not a namespace object) so a test spying on the logger module reaches these calls.
import { debug } from "firebase-functions/logger";
import { onDocumentWritten, type DocumentSnapshot } from "firebase-functions/v2/firestore";
import { createDebouncer, type Debouncer } from "./debounce.ts";
import { postRebuild, rebuildSecret, type RebuildResult } from "./post-rebuild.ts";

// Scheduled publishing's managed clock (Cloud Scheduler, every minute): see schedule/function.ts.
export { publishOnSchedule } from "./schedule/function.ts";

const DEFAULT_DEBOUNCE_MS = 5000;
const debounceMs = defineInt("REBUILD_DEBOUNCE_MS", {
  default: DEFAULT_DEBOUNCE_MS,
  description: "Quiet period that joins a burst of edits into one rebuild request",
});

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
    // A batch waits at most 4 windows: 20 s by default, before its request (and retries) start.
    debouncer = createDebouncer({ waitMs, maxWaitMs: waitMs * 4, run: postRebuild });
  }
  return debouncer;
}

const isPublished = (snapshot: DocumentSnapshot | undefined): boolean =>
  Boolean(snapshot?.exists) && snapshot?.get("published") === true;

export const requestRebuild = onDocumentWritten(
  {
    document: "blogMetaData/{id}",
    secrets: [rebuildSecret],
    // Room for the debounce and every retry of the request (see MAX_TOTAL_WAIT_MS).
    timeoutSeconds: 300,
    // The request is retried here, within bounds. Failures that remain throw (after logging an
    // error) so they show as failed executions; event retries stay off, since a wrong secret or URL
    // would retry every event for up to a day to no avail, a missed build is caught by the next
    // publish or a manual rebuild, and the site's live blog route serves articles newer than the build.
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

// The editors' private preview of one article (docs/preview.md).
export { previewLink } from "./preview-link.ts";

// The editors' API (docs/editors-api.md): every editorial action, for signed-in editors.
export {
  publishArticle,
  requestSiteRebuild,
  restoreArticleVersion,
  saveArticle,
  scheduleArticle,
  unpublishArticle,
} from "./articles/callables.ts";
