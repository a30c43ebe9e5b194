// The editors' API's writes (docs/editors-api.md): every change to an article, each in ONE Firestore
// transaction over its `blogMetaData` document, its `blog` document and its history, so the two
// documents never disagree and no save is lost to another. The callables (callables.ts) check who
// calls; these functions check what is asked, against the build's own rules (@kindred/article).
//
// An article's two documents hold what visitors see: its published version, or, while it is not
// live, its newest draft. Every save is also a version in `articleHistory/{id}/versions/{n}`, so a
// live article can be edited (and saved every few seconds) without the site changing until the
// editor publishes. Visitors can read a live article's `blogMetaData` document whole, so it carries
// nothing about editors: only `version` and `publishedVersion` (numbers) and `changedBy: { action }`.
// Who saved, when, and why an article was taken down are in `articleHistory/{id}` itself, which only
// editors read: `version`, `savedAt`, `savedBy`, `lastAction`, `unpublishedBy`, `unpublishReason`.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/v2/https";
import { checkDraft, DRAFT_FIELDS, type DraftBlockLeftOut, type DraftReason } from "@kindred/article";
import type { Editor } from "./editor.ts";
import { runTransaction } from "@kindred/publishing";

export type ArticleAction = "saved" | "published" | "unpublished" | "scheduled" | "schedule-cancelled" | "restored";

/** The fields of a version: what an editor writes. */
export type VersionFields = Record<(typeof DRAFT_FIELDS)[number], unknown>;

/** The documents of one article, as a transaction read them. */
interface ArticleRead {
  id: string;
  meta: DocumentSnapshot;
  metaRef: DocumentReference;
  blogRef: DocumentReference;
  /** Whether the blog document exists (read up front: a transaction reads everything before it writes). */
  hasBlog: boolean;
  /** The newest version; 0 for an article written before history was kept, or not yet written. */
  version: number;
}

// A Firestore document id: no slash, not "." or "..", not __reserved__, at most 200 characters.
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,200}$/;
const MAX_REASON_LENGTH = 500;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The call's data as an object, or invalid-argument naming what was expected. */
export function dataOf(data: unknown, shape: string): Record<string, unknown> {
  if (!isRecord(data)) throw new HttpsError("invalid-argument", `Pass ${shape}.`);
  return data;
}

/** An article id given by the caller, or invalid-argument. */
export function articleId(value: unknown): string {
  if (typeof value !== "string" || !DOCUMENT_ID.test(value))
    throw new HttpsError("invalid-argument", "id must be the id of a blogMetaData document.");
  return value;
}

function versionNumber(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw new HttpsError("invalid-argument", `${name} must be a whole number, 0 or more.`);
  return value;
}

/** An optional free text of an editor's (a reason), trimmed, or invalid-argument. */
export function shortText(value: unknown, name: string, max = MAX_REASON_LENGTH): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > max)
    throw new HttpsError("invalid-argument", `${name} must be text of at most ${max} characters.`);
  return value.trim() || null;
}

const pickFields = (source: Record<string, unknown>): VersionFields =>
  Object.fromEntries(DRAFT_FIELDS.map((field) => [field, source[field] ?? null])) as VersionFields;

const refused = (reasons: DraftReason[]): HttpsError =>
  new HttpsError(
    "invalid-argument",
    `The build would not publish this article: ${reasons.map((reason) => `${reason.field} ${reason.rule}`).join("; ")}.`,
    { reasons },
  );

/** The build's verdict on the fields, or invalid-argument with `details.reasons`. */
function judged(id: string, fields: VersionFields): DraftBlockLeftOut[] {
  const verdict = checkDraft(id, fields);
  if (verdict.reasons.length > 0) throw refused(verdict.reasons);
  return verdict.blocksLeftOut;
}

const conflict = (version: number): HttpsError =>
  new HttpsError(
    "failed-precondition",
    `This article was saved as version ${version} since you loaded it. Load the newer version, or save yours as the newest.`,
    { version },
  );

const history = (db: Firestore, id: string) => db.collection("articleHistory").doc(id);
const versionRef = (db: Firestore, id: string, version: number) =>
  history(db, id).collection("versions").doc(String(version));

const versionOf = (meta: DocumentSnapshot): number => {
  const value: unknown = meta.get("version");
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
};

/** Reads an article's documents in `transaction`; not-found when `mustExist` and there is none. */
async function readArticle(
  db: Firestore,
  transaction: Transaction,
  id: string,
  mustExist = true,
): Promise<ArticleRead> {
  const metaRef = db.collection("blogMetaData").doc(id);
  const meta = await transaction.get(metaRef);
  if (mustExist && !meta.exists) throw new HttpsError("not-found", `There is no article blogMetaData/${id}.`);
  const blogId: unknown = meta.get("blogId");
  const blogRef = db
    .collection("blog")
    .doc(typeof blogId === "string" && DOCUMENT_ID.test(blogId.trim()) ? blogId.trim() : id);
  const hasBlog = meta.exists && (await transaction.get(blogRef)).exists;
  return { id, meta, metaRef, blogRef, hasBlog, version: versionOf(meta) };
}

/** Refuses a slug another article already has: the build would leave one of the two out. */
async function checkSlugFree(db: Firestore, transaction: Transaction, id: string, slug: unknown): Promise<void> {
  if (typeof slug !== "string") return;
  const same = await transaction.get(db.collection("blogMetaData").where("slug", "==", slug).limit(2));
  const other = same.docs.find((doc) => doc.id !== id);
  if (!other) return;
  const rule = `"${slug}" is already used by blogMetaData/${other.id}; two articles cannot share an address`;
  const document = `blogMetaData/${id}`;
  throw refused([{ document, field: "slug", rule, message: `${document}: field "slug" ${rule}` }]);
}

const who = (editor: Editor) => ({ uid: editor.uid, email: editor.email });
const lastAction = (editor: Editor, action: ArticleAction) => ({
  action,
  by: who(editor),
  at: FieldValue.serverTimestamp(),
});

/** Notes the latest action on `articleHistory/{id}`, where an editors' tool lists who did what last. */
function noteAction(
  db: Firestore,
  transaction: Transaction,
  id: string,
  editor: Editor,
  action: ArticleAction,
  extra: Record<string, unknown> = {},
): void {
  transaction.set(history(db, id), { lastAction: lastAction(editor, action), ...extra }, { merge: true });
}

function recordEvent(
  db: Firestore,
  transaction: Transaction,
  id: string,
  editor: Editor,
  action: ArticleAction,
  version: number,
  extra: Record<string, unknown> = {},
): void {
  transaction.create(history(db, id).collection("events").doc(), {
    action,
    at: FieldValue.serverTimestamp(),
    by: who(editor),
    version,
    ...extra,
  });
}

/**
 * An article written before history was kept has no versions: its fields as they are become version
 * 1, so that what visitors see now can always be restored. Answers the article's newest version.
 */
function adoptLegacy(db: Firestore, transaction: Transaction, article: ArticleRead): number {
  if (article.version > 0 || !article.meta.exists) return article.version;
  const data = article.meta.data() ?? {};
  const savedAt = data.lastUpdate instanceof Timestamp ? data.lastUpdate : FieldValue.serverTimestamp();
  transaction.create(versionRef(db, article.id, 1), {
    version: 1,
    savedAt,
    savedBy: { uid: "", email: "" },
    imported: true,
    ...pickFields(data),
  });
  return 1;
}

/** The fields visitors see, as both documents carry them, for a version shown on the site or as a draft. */
const visitorFields = (fields: VersionFields, published: boolean) => ({
  ...fields,
  published,
  lastUpdate: FieldValue.serverTimestamp(),
});

/**
 * Writes `fields` as the article's next version (the newest + 1), its event, and, while the article
 * is not live, its two documents (a live article changes on the site only when it is published).
 */
function writeVersion(
  db: Firestore,
  transaction: Transaction,
  article: ArticleRead,
  latest: number,
  fields: VersionFields,
  editor: Editor,
  action: "saved" | "restored",
  extra: Record<string, unknown> = {},
): number {
  const next = latest + 1;
  const savedAt = FieldValue.serverTimestamp();
  transaction.create(versionRef(db, article.id, next), { version: next, savedAt, savedBy: who(editor), ...fields });
  recordEvent(db, transaction, article.id, editor, action, next, extra);
  transaction.set(
    history(db, article.id),
    { version: next, savedAt, savedBy: who(editor), lastAction: lastAction(editor, action) },
    { merge: true },
  );
  const editorial = { version: next, changedBy: { action } };
  const live = article.meta.get("published") === true;
  if (live) {
    transaction.update(article.metaRef, editorial);
    return next;
  }
  const blogId = article.blogRef.id;
  const schedule = {
    publishAt: article.meta.get("publishAt") ?? null,
    unpublishAt: article.meta.get("unpublishAt") ?? null,
  };
  transaction.set(
    article.metaRef,
    { ...visitorFields(fields, false), ...schedule, blogId, ...editorial },
    { merge: true },
  );
  transaction.set(article.blogRef, { ...visitorFields(fields, false), ...schedule });
  return next;
}

export interface SaveResult {
  id: string;
  version: number;
  blocksLeftOut: DraftBlockLeftOut[];
}

/** `saveArticle`: a new article (no id), or the next version of one, if `baseVersion` is the newest. */
export async function saveArticle(db: Firestore, editor: Editor, data: unknown): Promise<SaveResult> {
  const input = dataOf(data, "{ id?, baseVersion?, title, slug, categories, featureImage, content }");
  const id = input.id === undefined || input.id === null ? db.collection("blogMetaData").doc().id : articleId(input.id);
  const baseVersion =
    input.baseVersion === undefined || input.baseVersion === null
      ? null
      : versionNumber(input.baseVersion, "baseVersion");
  const fields = pickFields(input);
  const blocksLeftOut = judged(id, fields);
  const version = await runTransaction(db, async (transaction) => {
    const article = await readArticle(db, transaction, id, input.id !== undefined && input.id !== null);
    // Saved over nothing only when the caller saw nothing newer: a version the caller never loaded is
    // never overwritten, across tabs and editors alike.
    if (article.version > 0 && baseVersion !== article.version) throw conflict(article.version);
    if (article.version === 0 && baseVersion !== null && baseVersion > 0) throw conflict(article.version);
    await checkSlugFree(db, transaction, id, fields.slug);
    const latest = adoptLegacy(db, transaction, article);
    return writeVersion(db, transaction, article, latest, fields, editor, "saved");
  });
  return { id, version, blocksLeftOut };
}

/** `restoreArticleVersion`: an earlier version's fields become the newest version. */
export async function restoreArticleVersion(
  db: Firestore,
  editor: Editor,
  data: unknown,
): Promise<{ id: string; version: number }> {
  const input = dataOf(data, "{ id, version }");
  const id = articleId(input.id);
  const from = versionNumber(input.version, "version");
  const version = await runTransaction(db, async (transaction) => {
    const article = await readArticle(db, transaction, id);
    const old = await transaction.get(versionRef(db, id, from));
    if (!old.exists) throw new HttpsError("not-found", `Article ${id} has no version ${from}.`);
    const fields = pickFields(old.data() ?? {});
    judged(id, fields);
    await checkSlugFree(db, transaction, id, fields.slug);
    const latest = adoptLegacy(db, transaction, article);
    return writeVersion(db, transaction, article, latest, fields, editor, "restored", { restoredFrom: from });
  });
  return { id, version };
}

export interface PublishResult {
  id: string;
  version: number;
  title: string;
  slug: string;
  /** False when that version was live already, and nothing was written. */
  changed: boolean;
}

/** The optional `keepPlace` of publishArticle: true, or absent (false, null). */
function keepPlaceOf(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value !== true) throw new HttpsError("invalid-argument", "keepPlace must be true or false.");
  return true;
}

/**
 * `publishArticle`: the newest version goes on the site now, replacing the published one, and any
 * publication planned for later is cancelled. Publishing what is already live changes nothing.
 * With `keepPlace`, a version replacing a live one keeps the live one's `lastUpdate`: the article
 * keeps its place in the blog's list and feed, and only its own page says it was updated (which the
 * rebuild service's fast lane can put live in seconds, docs/rebuilds.md).
 */
export async function publishArticle(db: Firestore, editor: Editor, data: unknown): Promise<PublishResult> {
  const input = dataOf(data, "{ id, keepPlace? }");
  const id = articleId(input.id);
  const keepPlace = keepPlaceOf(input.keepPlace);
  return runTransaction(db, async (transaction) => {
    const article = await readArticle(db, transaction, id);
    let latest = article.version;
    let fields: VersionFields;
    if (latest > 0) {
      const newest = await transaction.get(versionRef(db, id, latest));
      fields = pickFields(newest.data() ?? {});
    } else {
      fields = pickFields(article.meta.data() ?? {});
    }
    judged(id, fields);
    await checkSlugFree(db, transaction, id, fields.slug);
    latest = adoptLegacy(db, transaction, article);
    const title = String(fields.title);
    const slug = String(fields.slug);
    const live = article.meta.get("published") === true;
    const planned = article.meta.get("publishAt") !== undefined && article.meta.get("publishAt") !== null;
    if (live && article.meta.get("publishedVersion") === latest && !planned)
      return { id, version: latest, title, slug, changed: false };
    const place = article.meta.get("lastUpdate");
    if (keepPlace && !(live && place instanceof Timestamp))
      throw new HttpsError(
        "failed-precondition",
        "keepPlace keeps the place of a live article; this one is not live, so publishing puts it at the top.",
      );

    const shown = {
      ...visitorFields(fields, true),
      ...(keepPlace ? { lastUpdate: place } : {}),
      // A version replacing a live one says when the article was updated.
      updatedOn: live ? FieldValue.serverTimestamp() : (article.meta.get("updatedOn") ?? null),
      unpublishAt: article.meta.get("unpublishAt") ?? null,
    };
    transaction.set(
      article.metaRef,
      {
        ...shown,
        blogId: article.blogRef.id,
        publishAt: FieldValue.delete(),
        version: latest,
        publishedVersion: latest,
        changedBy: { action: "published" },
      },
      { merge: true },
    );
    transaction.set(article.blogRef, shown);
    noteAction(db, transaction, id, editor, "published", {
      publishedVersion: latest,
      unpublishedBy: FieldValue.delete(),
      unpublishReason: FieldValue.delete(),
    });
    recordEvent(db, transaction, id, editor, "published", latest, keepPlace ? { keptPlace: true } : {});
    return { id, version: latest, title, slug, changed: true };
  });
}

export interface UnpublishResult {
  id: string;
  /** Whether the article was on the site (its pages must be taken down), or only scheduled. */
  wasLive: boolean;
  title: string;
  /** The address it was published at. */
  slug: string;
  reason: string | null;
}

/** `unpublishArticle`: off the site, and any schedule of it cancelled. */
export async function unpublishArticle(db: Firestore, editor: Editor, data: unknown): Promise<UnpublishResult> {
  const input = dataOf(data, "{ id, reason? }");
  const id = articleId(input.id);
  const reason = shortText(input.reason, "reason");
  return runTransaction(db, async (transaction) => {
    const article = await readArticle(db, transaction, id);
    const wasLive = article.meta.get("published") === true;
    const planned = article.meta.get("publishAt") !== undefined && article.meta.get("publishAt") !== null;
    if (!wasLive && !planned)
      throw new HttpsError(
        "failed-precondition",
        `Article ${id} is neither live nor scheduled: there is nothing to take down.`,
      );
    const off = { published: false, publishAt: FieldValue.delete(), unpublishAt: FieldValue.delete() };
    transaction.update(article.metaRef, { ...off, changedBy: { action: "unpublished" } });
    noteAction(db, transaction, id, editor, "unpublished", { unpublishedBy: who(editor), unpublishReason: reason });
    if (article.hasBlog) transaction.update(article.blogRef, off);
    recordEvent(db, transaction, id, editor, "unpublished", article.version, reason ? { reason } : {});
    return {
      id,
      wasLive,
      title: String(article.meta.get("title") ?? ""),
      slug: String(article.meta.get("slug") ?? ""),
      reason,
    };
  });
}

/** An instant given as ISO 8601 text: undefined (leave it), null (cancel) or a Date; invalid-argument otherwise. */
export function instantArgument(value: unknown, name: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/.test(value as string))
    throw new HttpsError(
      "invalid-argument",
      `${name} must be an ISO 8601 time with its offset (2027-02-14T07:00:00Z), or null to cancel.`,
    );
  return date;
}

export interface ScheduleResult {
  id: string;
  title: string;
  slug: string;
  /** The plans as they stand after the call. */
  publishAt: Date | null;
  unpublishAt: Date | null;
  live: boolean;
}

/**
 * `scheduleArticle`: plans the publication of an article not yet live (its newest version goes out
 * at `publishAt`), and the end of a live or planned one (`unpublishAt`); null cancels a plan.
 */
export async function scheduleArticle(
  db: Firestore,
  editor: Editor,
  data: unknown,
  now = Date.now(),
): Promise<ScheduleResult> {
  const input = dataOf(data, "{ id, publishAt?, unpublishAt? }");
  const id = articleId(input.id);
  const publishAt = instantArgument(input.publishAt, "publishAt");
  const unpublishAt = instantArgument(input.unpublishAt, "unpublishAt");
  if (publishAt === undefined && unpublishAt === undefined)
    throw new HttpsError("invalid-argument", "Pass publishAt, unpublishAt or both (null cancels).");
  for (const [name, at] of [
    ["publishAt", publishAt],
    ["unpublishAt", unpublishAt],
  ] as const)
    if (at && at.getTime() <= now)
      throw new HttpsError("invalid-argument", `${name} ${at.toISOString()} has passed; choose a later time.`);

  return runTransaction(db, async (transaction) => {
    const article = await readArticle(db, transaction, id);
    const live = article.meta.get("published") === true;
    const stamp = (value: unknown): Date | null => (value instanceof Timestamp ? value.toDate() : null);
    if (publishAt && live)
      throw new HttpsError(
        "failed-precondition",
        `Article ${id} is live already; publish its newest version instead of scheduling it.`,
      );
    const plannedPublish = publishAt === undefined ? stamp(article.meta.get("publishAt")) : publishAt;
    const plannedEnd = unpublishAt === undefined ? stamp(article.meta.get("unpublishAt")) : unpublishAt;
    if (unpublishAt && !live && !plannedPublish)
      throw new HttpsError(
        "failed-precondition",
        `Article ${id} is neither live nor scheduled: plan its publication first, or publish it.`,
      );
    if (plannedPublish && plannedEnd && plannedEnd <= plannedPublish)
      throw new HttpsError("invalid-argument", "unpublishAt must come after publishAt.");

    let latest = article.version;
    if (publishAt) {
      // What will go out is the newest version, held to the build's rules now, not at the instant.
      const fields =
        latest > 0
          ? pickFields((await transaction.get(versionRef(db, id, latest))).data() ?? {})
          : pickFields(article.meta.data() ?? {});
      judged(id, fields);
      await checkSlugFree(db, transaction, id, fields.slug);
      latest = adoptLegacy(db, transaction, article);
    }
    const change: Record<string, unknown> = {};
    if (publishAt !== undefined) change.publishAt = publishAt ? Timestamp.fromDate(publishAt) : FieldValue.delete();
    if (unpublishAt !== undefined)
      change.unpublishAt = unpublishAt ? Timestamp.fromDate(unpublishAt) : FieldValue.delete();
    // An article adopted just now (adoptLegacy) records its version 1 here, as every adoption does.
    const adopted = latest !== article.version ? { version: latest } : {};
    transaction.update(article.metaRef, { ...change, ...adopted, changedBy: { action: "scheduled" } });
    noteAction(
      db,
      transaction,
      id,
      editor,
      publishAt === null || unpublishAt === null ? "schedule-cancelled" : "scheduled",
    );
    if (article.hasBlog) transaction.update(article.blogRef, change);
    // One event for what was planned, one for what was cancelled, each naming its instants.
    const given = (at: Date | null | undefined, keep: (at: Date | null) => boolean) =>
      at === undefined || !keep(at) ? undefined : at && Timestamp.fromDate(at);
    for (const [action, keep] of [
      ["scheduled", (at: Date | null) => at !== null],
      ["schedule-cancelled", (at: Date | null) => at === null],
    ] as const) {
      const instants = { publishAt: given(publishAt, keep), unpublishAt: given(unpublishAt, keep) };
      const named = Object.fromEntries(Object.entries(instants).filter(([, at]) => at !== undefined));
      if (Object.keys(named).length > 0) recordEvent(db, transaction, id, editor, action, latest, named);
    }
    return {
      id,
      title: String(article.meta.get("title") ?? ""),
      slug: String(article.meta.get("slug") ?? ""),
      publishAt: plannedPublish,
      unpublishAt: plannedEnd,
      live,
    };
  });
}
