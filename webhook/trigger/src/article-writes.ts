// What a write of an article's documents means, for the Firestore triggers of index.ts: whether
// visitors can see the change (then a rebuild is asked for), whether it left an article published
// before its publishAt (then it is made a scheduled one at once), and what the editors' articleStatus
// must say at once about a plan set, moved or cleared (docs/scheduling.md). The decisions are plain
// functions of the documents' data; the effects take the Firestore to act on.
import type { DocumentSnapshot, Firestore } from "firebase-admin/firestore";
// Named imports (not a namespace object) so a test spying on the logger module reaches these calls.
import { debug, info, warn } from "firebase-functions/logger";
import { changedVisitorFields, outsideSchedule } from "@kindred/article";
import {
  blogIdOf,
  holdBackEarly,
  instantOf,
  publishedTooEarly,
  runTransaction,
  scheduleCleared,
  scheduledStatus,
  writeScheduleStatus,
  writtenBySchedule,
  type StatusUpdate,
} from "@kindred/publishing";

type Data = Record<string, unknown> | undefined;

/** A document's data as the event holds it; undefined when there is no document. */
export const dataOf = (snapshot: DocumentSnapshot | undefined): Data =>
  snapshot?.exists ? (snapshot.data() as Record<string, unknown>) : undefined;

/** Whether visitors see the document at `now`: published and inside its schedule, as the build decides. */
const shown = (data: Data, now: number): boolean => data?.published === true && !outsideSchedule(data, now);

const isPlan = (value: unknown): boolean => value !== undefined && value !== null;

const label = (data: Data): { title?: string; slug?: string } => ({
  ...(typeof data?.title === "string" ? { title: data.title } : {}),
  ...(typeof data?.slug === "string" ? { slug: data.slug } : {}),
});

export interface MetaWriteDecision {
  /** Whether visitors can see the change: the site must be built again. */
  rebuild: boolean;
  /** Why, in the log's words. */
  why: string;
  /** Saved published with its publishAt still ahead: to be made a scheduled article at once. */
  holdBack: boolean;
  /** What the article's status must say at once: a plan set or moved (scheduled), or cleared. */
  status?: StatusUpdate;
  /**
   * The blog post of an article whose metadata alone was taken down (unpublished or deleted): to be
   * unpublished too, so no client query reads the article's text (the rules list published posts).
   */
  takeDownPost?: string;
}

/**
 * The status an unpublished article's plan calls for after a write, if the write changed it: the
 * scheduled state for a publishAt set or moved (or an article taken off the site, or held back, with
 * one), and a cleared plan for a publishAt removed. A published article's state is the builds'.
 */
function planStatus(before: Data, after: Data, heldBack: boolean): StatusUpdate | undefined {
  if (after?.published === true) return undefined;
  const at = instantOf(after?.publishAt);
  const was = before?.published === true ? null : instantOf(before?.publishAt);
  if (at !== null) return at !== was || heldBack ? scheduledStatus(at, label(after)) : undefined;
  // A plan saved as text (no instant) is the job's to report; a plan removed is cleared.
  if (!isPlan(after?.publishAt) && instantOf(before?.publishAt) !== null) return scheduleCleared(false);
  return undefined;
}

/** What a write of blogMetaData/{id}, its data `before` and `after`, calls for at `now`. */
export function decideMetaWrite(before: Data, after: Data, now: number): MetaWriteDecision {
  if (writtenBySchedule(before, after))
    return { rebuild: false, holdBack: false, why: "the scheduling job made this change and asks for its own rebuild" };
  const holdBack = publishedTooEarly(after, now) !== null;
  // Held back, the document is unpublished until its instant, as if it had been saved so.
  const effective = holdBack ? { ...after, published: false } : after;
  const status = planStatus(before, effective, holdBack);
  // Held back, both documents are unpublished already; otherwise the post follows its metadata down.
  const target = blogIdOf(before);
  const takeDownPost =
    before?.published === true && after?.published !== true && "blogId" in target ? target.blogId : undefined;
  const decided = (rebuild: boolean, why: string): MetaWriteDecision => ({
    rebuild,
    why,
    holdBack,
    ...(status ? { status } : {}),
    ...(takeDownPost ? { takeDownPost } : {}),
  });
  const was = shown(before, now);
  const is = shown(effective, now);
  if (!was && !is)
    return decided(
      false,
      before?.published === true || effective?.published === true
        ? "the article is outside its schedule before and after this write"
        : "the article is unpublished before and after this write",
    );
  if (was !== is) return decided(true, is ? "the article comes onto the site" : "the article leaves the site");
  const changed = changedVisitorFields(before, after);
  if (changed.length === 0) return decided(false, "this write changes only editorial fields, which visitors never see");
  return decided(true, `visitors see ${changed.join(", ")}`);
}

/** Whether a write of blog/{id} changes what visitors see, should a published article show this post. */
export function blogWriteVisible(before: Data, after: Data, now: number): boolean {
  const was = shown(before, now);
  const is = shown(after, now);
  if (!was && !is) return false;
  return was !== is || changedVisitorFields(before, after).length > 0;
}

export interface WriteEffects {
  /** The Firestore to act on, asked for only when a write calls for it. */
  db: () => Firestore;
  /** Asks for a rebuild naming blogMetaData ids (the debounced, signed request of index.ts). */
  rebuild: (ids: string[]) => Promise<unknown>;
  now?: number;
}

/**
 * A write of blogMetaData/{id}: holds back an article published before its publishAt, writes the
 * status its plan calls for at once (through the one writer), and asks for a rebuild when visitors can
 * see the change. A status that cannot be written is logged, never in the way of the rebuild.
 */
export async function onMetaWrite(
  id: string,
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
  { db, rebuild, now = Date.now() }: WriteEffects,
): Promise<MetaWriteDecision> {
  const decision = decideMetaWrite(dataOf(before), dataOf(after), now);
  if (decision.holdBack) {
    try {
      if (await holdBackEarly(db(), id, now))
        info("Published before its publishAt: made a scheduled article instead", { document: id });
    } catch (error) {
      // The scheduling job holds it back on its next run.
      warn("Could not hold the article back until its publishAt", { document: id, error: String(error) });
    }
  }
  if (decision.takeDownPost) {
    try {
      if (await takeDownPostOf(db(), id, decision.takeDownPost))
        info("The article's metadata was taken down alone: its blog post is unpublished too", {
          document: id,
          post: `blog/${decision.takeDownPost}`,
        });
    } catch (error) {
      warn("Could not unpublish the blog post of an article taken down", { document: id, error: String(error) });
    }
  }
  if (decision.status) {
    try {
      await writeScheduleStatus(db(), id, decision.status);
    } catch (error) {
      warn("Could not write the article's schedule to articleStatus", { document: id, error: String(error) });
    }
  }
  if (!decision.rebuild) {
    debug(`No rebuild: ${decision.why}`, { document: id });
    return decision;
  }
  await rebuild([id]);
  return decision;
}

/**
 * Unpublishes blog/{blogId} after blogMetaData/{id} was taken down alone, in one transaction that
 * reads both again: not if the article is published again, nor while another published article
 * names the post. The site already leaves the article out (the build and the fallback route need
 * its metadata published); this keeps its text from any client query too. Answers whether it did.
 */
export async function takeDownPostOf(db: Firestore, id: string, blogId: string): Promise<boolean> {
  const metas = db.collection("blogMetaData");
  const postRef = db.collection("blog").doc(blogId);
  return runTransaction(db, async (transaction) => {
    const meta = await transaction.get(metas.doc(id));
    const post = await transaction.get(postRef);
    if (meta.get("published") === true || !post.exists || post.get("published") !== true) return false;
    const sharing = await transaction.get(metas.where("blogId", "==", blogId));
    if (sharing.docs.some((other) => other.id !== id && other.get("published") === true)) return false;
    transaction.update(postRef, { published: false });
    return true;
  });
}

/**
 * The blogMetaData ids a visible write of blog/{id} calls for a rebuild of: the articles shown on the
 * site with this post (`blogId` names it). One written in the same transaction as the post (the
 * editors' API and the scheduling job write both documents at once, so both carry the commit's time)
 * is left to the blogMetaData trigger, which judges that write whole.
 */
export async function articlesShowingPost(
  db: Firestore,
  id: string,
  after: DocumentSnapshot | undefined,
  now: number,
): Promise<string[]> {
  const metas = await db.collection("blogMetaData").where("blogId", "==", id).get();
  const commit = after?.exists ? after.updateTime : undefined;
  return metas.docs
    .filter((meta) => shown(meta.data(), now) && !(commit && meta.updateTime.isEqual(commit)))
    .map((meta) => meta.id);
}

/** A write of blog/{id}: asks for a rebuild naming the articles that show it, when visitors can see it. */
export async function onBlogWrite(
  id: string,
  before: DocumentSnapshot | undefined,
  after: DocumentSnapshot | undefined,
  { db, rebuild, now = Date.now() }: WriteEffects,
): Promise<string[]> {
  if (!blogWriteVisible(dataOf(before), dataOf(after), now)) {
    debug("No rebuild: visitors see no change of this blog post", { document: `blog/${id}` });
    return [];
  }
  const ids = await articlesShowingPost(db(), id, after, now);
  if (ids.length === 0) {
    debug("No rebuild: no article on the site shows this blog post, or its own trigger judges it", {
      document: `blog/${id}`,
    });
    return [];
  }
  await rebuild(ids);
  return ids;
}
