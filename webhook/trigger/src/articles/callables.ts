// The editors' API (docs/editors-api.md): one callable function per editorial action, for signed-in
// editors calling from a browser with the Firebase client SDK. Each checks the caller (editor.ts),
// writes through store.ts in one transaction, and tells editors at once what became of the article
// (articleStatus, through the one writer in @kindred/publishing). The rebuild that puts a change on
// the site is asked for by the Firestore trigger (../index.ts), as for any write; a take-down also
// asks the rebuild service to take the article's pages off the published site within seconds.
import { getFirestore, Timestamp } from "firebase-admin/firestore";
import { error as logError, info } from "firebase-functions/logger";
import { HttpsError, onCall, type CallableRequest } from "firebase-functions/v2/https";
import { runTransaction, scheduledStatus, shownInstant, writeArticleStatus } from "@kindred/publishing";
import { postRebuild, postToService, rebuildSecret, serviceRoute } from "../post-rebuild.ts";
import { adminApp, requireEditor, type Editor } from "./editor.ts";
import * as store from "./store.ts";

/** Where and how every callable runs (firebase.json gives the codebase its runtime, nodejs24). */
const OPTIONS = { region: "us-central1", timeoutSeconds: 60, memory: "512MiB" } as const;

type Handler<T> = (editor: Editor, data: unknown) => Promise<T>;

/** A callable for editors only; unexpected faults are logged and reach the caller as `internal`. */
function editorsOnly<T>(name: string, handler: Handler<T>) {
  return async (request: Pick<CallableRequest<unknown>, "auth" | "data">): Promise<T> => {
    const editor = await requireEditor(request);
    adminApp();
    try {
      return await handler(editor, request.data);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logError(`${name} failed`, { uid: editor.uid, error: String((error as Error)?.stack ?? error) });
      throw new HttpsError("internal", `${name} failed on the server; nothing was changed. Try again.`);
    }
  };
}

/** The status editors read, written now rather than when the build starts, so a tool shows it at once. */
async function tellEditors(id: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    // The change is made; a state that lags behind is put right by the build.
    logError(`Could not write articleStatus/${id}`, { error: String(error) });
  }
}

export const handleSave: Handler<store.SaveResult> = (editor, data) => store.saveArticle(getFirestore(), editor, data);

export const handleRestore: Handler<{ id: string; version: number }> = (editor, data) =>
  store.restoreArticleVersion(getFirestore(), editor, data);

export const handlePublish: Handler<{ id: string; version: number }> = async (editor, data) => {
  const db = getFirestore();
  const { id, version, title, slug, changed } = await store.publishArticle(db, editor, data);
  if (!changed) return { id, version };
  // Waiting for its build; the service says `building`, then `live`, when it gets there.
  await tellEditors(id, () =>
    writeArticleStatus(db, id, { state: "queued", title, slug, buildId: null, publishAt: null, scheduleError: null }),
  );
  return { id, version };
};

export const handleUnpublish: Handler<{ id: string; takenDown: boolean }> = async (editor, data) => {
  const db = getFirestore();
  const done = await store.unpublishArticle(db, editor, data);
  const { id, title, slug, reason } = done;
  const rule = `unpublished by ${editor.email || editor.uid}`;
  await tellEditors(id, () =>
    writeArticleStatus(db, id, {
      state: "not-published",
      title,
      slug,
      reasons: [
        {
          document: `blogMetaData/${id}`,
          field: "published",
          rule,
          message: `${rule} at ${shownInstant(Date.now())}${reason ? `: ${reason}` : ""}`,
        },
      ],
      publishAt: null,
      unpublishAt: null,
      scheduleError: null,
    }),
  );
  return { id, takenDown: done.wasLive ? await takeDown(id, slug, editor) : false };
};

/**
 * Asks the rebuild service to publish the live release less the article's pages, then to rebuild;
 * answers whether it did. A service that cannot be reached at once leaves the take-down to the
 * rebuild the trigger asks for: the article is unpublished in Firestore either way.
 */
async function takeDown(id: string, slug: string, editor: Editor): Promise<boolean> {
  try {
    const result = await postToService(
      serviceRoute("takedown"),
      { reason: `unpublished by ${editor.email || editor.uid}`, articles: [{ id, slug }] },
      [id],
      // One attempt, long enough for the release and its deploy: a second would take it down twice.
      { attempts: 1, timeoutMs: 45_000 },
    );
    info("Take-down published", { document: id, slug, status: result.status });
    return true;
  } catch (error) {
    logError("Take-down not published; the next build takes the article down", { document: id, error: String(error) });
    return false;
  }
}

export const handleSchedule: Handler<{ id: string }> = async (editor, data) => {
  const db = getFirestore();
  const plan = await store.scheduleArticle(db, editor, data);
  const { id, title, slug } = plan;
  await tellEditors(id, async () => {
    if (plan.publishAt) {
      const update = scheduledStatus(plan.publishAt.getTime(), { title, slug });
      const { over, publishAt: _ms, unpublishAt: _end, ...rest } = update;
      await writeArticleStatus(
        db,
        id,
        { ...rest, publishAt: plan.publishAt, unpublishAt: plan.unpublishAt },
        { ...(over ? { over } : {}) },
      );
    } else {
      // No publication planned: a cancelled one leaves the article as it is (a draft, or live).
      await writeArticleStatus(
        db,
        id,
        plan.live
          ? { publishAt: null, unpublishAt: plan.unpublishAt, scheduleError: null }
          : { state: "not-published", title, slug, publishAt: null, unpublishAt: null, scheduleError: null },
        plan.live ? {} : { over: ["scheduled"] },
      );
    }
  });
  return { id };
};

/** How many manual rebuilds one editor may ask for within RATE_WINDOW_MS. */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 10 * 60_000;

/**
 * Counts a request of `uid` in `editorRateLimits/{uid}`; resource-exhausted beyond the limit.
 * Answers a refund, for a request the service did not take.
 */
export async function spendRebuild(uid: string, now = Date.now()): Promise<() => Promise<void>> {
  const db = getFirestore();
  const ref = db.collection("editorRateLimits").doc(uid);
  await runTransaction(db, async (transaction) => {
    const times = ((await transaction.get(ref)).get("rebuilds") as Timestamp[] | undefined) ?? [];
    const recent = times.map((at) => at.toMillis()).filter((at) => at > now - RATE_WINDOW_MS);
    if (recent.length >= RATE_LIMIT) {
      const retryAfterSeconds = Math.ceil((Math.min(...recent) + RATE_WINDOW_MS - now) / 1000);
      throw new HttpsError(
        "resource-exhausted",
        `You asked for ${RATE_LIMIT} rebuilds in the last ${RATE_WINDOW_MS / 60_000} minutes; try again in ${retryAfterSeconds} s.`,
        { retryAfterSeconds },
      );
    }
    transaction.set(ref, { rebuilds: [...recent, now].map((at) => Timestamp.fromMillis(at)) });
  });
  return () =>
    runTransaction(db, async (transaction) => {
      const times = ((await transaction.get(ref)).get("rebuilds") as Timestamp[] | undefined) ?? [];
      transaction.set(ref, { rebuilds: times.filter((at) => at.toMillis() !== now) });
    });
}

export const handleRebuild: Handler<{ buildId: string }> = async (editor, data) => {
  const input = store.dataOf(data, "{ reason }");
  const reason = store.shortText(input.reason, "reason", 100);
  if (!reason) throw new HttpsError("invalid-argument", "Say why the site should be rebuilt: { reason }.");
  const refund = await spendRebuild(editor.uid);
  let result;
  try {
    result = await postRebuild([], `${reason} (${editor.email || editor.uid})`, { attempts: 3 });
  } catch (error) {
    await refund().catch(() => undefined);
    throw new HttpsError("unavailable", `The rebuild service did not take the request: ${(error as Error).message}`);
  }
  if (!result.buildId)
    throw new HttpsError("unavailable", "The rebuild service accepted the request without a build id.");
  return { buildId: result.buildId };
};

const withSecret = { ...OPTIONS, secrets: [rebuildSecret] };

/** `saveArticle({ id?, baseVersion?, title, slug, categories, featureImage, content })` → `{ id, version, blocksLeftOut }`. */
export const saveArticle = onCall(OPTIONS, editorsOnly("saveArticle", handleSave));
/** `publishArticle({ id })` → `{ id, version }`. */
export const publishArticle = onCall(OPTIONS, editorsOnly("publishArticle", handlePublish));
/** `unpublishArticle({ id, reason? })` → `{ id, takenDown }`; its pages leave the site within seconds. */
export const unpublishArticle = onCall(withSecret, editorsOnly("unpublishArticle", handleUnpublish));
/** `scheduleArticle({ id, publishAt?, unpublishAt? })` → `{ id }`; ISO 8601 times, null cancels. */
export const scheduleArticle = onCall(OPTIONS, editorsOnly("scheduleArticle", handleSchedule));
/** `restoreArticleVersion({ id, version })` → `{ id, version }`, the new newest version. */
export const restoreArticleVersion = onCall(OPTIONS, editorsOnly("restoreArticleVersion", handleRestore));
/** `requestSiteRebuild({ reason })` → `{ buildId }`, at most RATE_LIMIT per editor in RATE_WINDOW_MS. */
export const requestSiteRebuild = onCall(withSecret, editorsOnly("requestSiteRebuild", handleRebuild));
