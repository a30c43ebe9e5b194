// Cloud Functions: when a blog article's metadata or post changes in a way visitors can see, ask the
// rebuild service (webhook/server.ts) for a rebuild with a signed POST.
import { defineInt } from "firebase-functions/params";
import { getApps, initializeApp } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { onDocumentWritten } from "firebase-functions/v2/firestore";
import { onBlogWrite, onMetaWrite } from "./article-writes.ts";
import { createDebouncer, type Debouncer } from "./debounce.ts";
import { postRebuild, rebuildSecret, type RebuildResult } from "./post-rebuild.ts";

// Scheduled publishing's managed clock (Cloud Scheduler, every minute): see schedule/function.ts.
export { publishOnSchedule } from "./schedule/function.ts";

const DEFAULT_DEBOUNCE_MS = 5000;
const debounceMs = defineInt("REBUILD_DEBOUNCE_MS", {
  default: DEFAULT_DEBOUNCE_MS,
  description: "Quiet period that joins the rest of a burst of edits into one rebuild request",
});

// Debouncing is per instance: a v2 function handles many events at once on one instance. A write on
// an idle instance (no request in the last window), such as an editor's publish, is sent at once, so
// the window is not in its publish-to-served time. The writes that follow it (a bulk import, an
// editor saving again and again) wait for the window's quiet and go as one request listing each id
// once: a burst gives at most two requests. The service joins overlapping requests into one build
// (webhook/lib/build-queue.ts), so the second costs at most one more fast lane, and one more full
// build only when the first one's has started by then. It joins requests from different instances
// the same way. The debouncer is made on the first event because params can be read only at run
// time, not while the CLI loads the code.
let debouncer: Debouncer<RebuildResult> | null = null;

function getDebouncer(): Debouncer<RebuildResult> {
  if (!debouncer) {
    // An unset IntParam reads as 0 at run time (the CLI fills defaults in at deploy, a test runner
    // does not), so anything below 1 means the default.
    const waitMs = debounceMs.value() > 0 ? debounceMs.value() : DEFAULT_DEBOUNCE_MS;
    // A trailing batch waits at most 4 windows: 20 s by default, before its request (and retries) start.
    debouncer = createDebouncer({ waitMs, maxWaitMs: waitMs * 4, leading: true, run: postRebuild });
  }
  return debouncer;
}

// Admin access, made on the first event that needs it (a plan to show, an article to hold back, the
// articles a blog post belongs to): most writes need none.
const db = (): Firestore => {
  if (getApps().length === 0) initializeApp();
  return getFirestore();
};

const rebuild = (ids: string[]): Promise<unknown> => Promise.all(ids.map((id) => getDebouncer().add(id)));

// The request is retried here, within bounds. Failures that remain throw (after logging an error) so
// they show as failed executions; event retries stay off, since a wrong secret or URL would retry
// every event for up to a day to no avail, a missed build is caught by the next publish or a manual
// rebuild, and the site's live blog route serves articles newer than the build.
const triggerOptions = {
  secrets: [rebuildSecret],
  // Room for the debounce and every retry of the request (see MAX_TOTAL_WAIT_MS).
  timeoutSeconds: 300,
  retry: false,
};

/**
 * An article's metadata: a rebuild when visitors can see the change (not for editorial fields, nor
 * for the scheduling job's own flips, which it asks a rebuild for), an article published before its
 * publishAt made a scheduled one, and the editors' status of a plan set, moved or cleared at once
 * (article-writes.ts).
 */
export const requestRebuild = onDocumentWritten({ ...triggerOptions, document: "blogMetaData/{id}" }, async (event) => {
  // Resolves only once the shared POST is done, which keeps the instance alive until it is sent.
  await onMetaWrite(event.params.id, event.data?.before, event.data?.after, { db, rebuild });
});

/**
 * An article's post: the build reads the text from `blog`, so a change visitors can see there asks for
 * a rebuild naming the articles (blogMetaData, `blogId` == this id) that show it.
 */
export const requestRebuildForPost = onDocumentWritten({ ...triggerOptions, document: "blog/{id}" }, async (event) => {
  await onBlogWrite(event.params.id, event.data?.before, event.data?.after, { db, rebuild });
});

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
