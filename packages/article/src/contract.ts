// The data contract of an article, in one place for the build and the browser: the source plugin
// refuses a document that breaks it (plugins/gatsby-source-firestore/src/normalize.ts), and the
// fallback route and the live list refuse the same documents, so a visitor never sees an article the
// build would have left out. Plain functions on plain data: no Firebase, no Node modules.

/** The slug rule: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The longest slug published. Far below the 255 bytes a file name may have, so Gatsby never
 * shortens the page's path and every link to /blogarticle/<slug> reaches its page.
 */
export const MAX_SLUG_LENGTH = 100;

/** The collections an article lives in: its metadata (what the list shows) and its post. */
export type ArticleCollection = "blogMetaData" | "blog";

/** What is wrong with one field of a document. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The fields of an article that passed the contract. */
export interface ContractArticle {
  /** The `blog` document of the article; absent on a `blog` document itself. */
  blogId?: string;
  title: string;
  slug: string;
  categories: string[];
  /** The cover reference as stored; where it may come from is checked separately. */
  featureImage: string;
  lastUpdate: string;
  updatedOn: string | null;
  /** Editor.js output: `blocks` is an array, each block still to be checked. */
  content: { time?: unknown; version?: unknown; blocks: unknown[] };
}

export type ContractResult =
  | { ok: true; article: ContractArticle; warnings: FieldProblem[] }
  | { ok: false; problem: FieldProblem }
  | { ok: false; problem: null }; // not published: left out without a word

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/**
 * Every timestamp shape the data can carry: a Firestore `Timestamp` (anything with `toDate()`),
 * `{seconds, nanoseconds}` (or the admin SDK's `_seconds`), a `Date`, or an ISO-8601 string.
 * Returns an ISO string, or null when the value is none of these.
 */
export function normalizeTimestamp(value: unknown): string | null {
  let date: Date | null = null;
  if (value instanceof Date) date = value;
  else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) date = new Date(value);
  else if (isRecord(value)) {
    if (typeof value.toDate === "function") {
      const converted: unknown = (value.toDate as () => unknown)();
      if (converted instanceof Date) date = converted;
    } else {
      const seconds = value.seconds ?? value._seconds;
      const nanos = value.nanoseconds ?? value._nanoseconds ?? 0;
      if (typeof seconds === "number" && typeof nanos === "number") date = new Date(seconds * 1000 + nanos / 1e6);
    }
  }
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Why a slug cannot be published, or null when it can. */
export function slugProblem(slug: unknown): string | null {
  if (typeof slug !== "string" || !SLUG_PATTERN.test(slug)) {
    const shown =
      typeof slug === "string" && slug.length > 60 ? `${JSON.stringify(slug.slice(0, 60))}…` : JSON.stringify(slug);
    return `must match ${SLUG_PATTERN.source} (got ${shown})`;
  }
  if (slug.length > MAX_SLUG_LENGTH)
    return `is ${slug.length} characters long; at most ${MAX_SLUG_LENGTH} are published`;
  return null;
}

const refuse = (field: string, message: string): ContractResult => ({ ok: false, problem: { field, message } });

/**
 * Whether a published document is inside its schedule at `now` (docs/scheduling.md): not before its
 * `publishAt`, not from its `unpublishAt` on. The scheduling job flips `published` at those instants;
 * this keeps the build and the browser from showing an article saved as published too early, or
 * one the job has not yet taken down. Only Timestamps count: an instant, never a local time.
 */
function scheduleProblem(data: Record<string, unknown>, now: number): FieldProblem | "outside" | null {
  for (const field of ["publishAt", "unpublishAt"] as const) {
    const raw = data[field];
    if (raw === undefined || raw === null) continue;
    const iso = typeof raw === "string" ? null : normalizeTimestamp(raw);
    if (iso === null) return { field, message: "must be a Timestamp (an instant)" };
    const at = Date.parse(iso);
    if (field === "publishAt" ? now < at : now >= at) return "outside";
  }
  return null;
}

// The rules of the fields an article is made of, in the order a build checks them: each answers the
// rule the value breaks, or null. `checkArticle` stops at the first; `articleProblems` lists them all.
const FIELD_RULES: readonly { field: string; metaOnly?: boolean; broken: (value: unknown) => string | null }[] = [
  { field: "blogId", metaOnly: true, broken: (value) => (nonEmpty(value) ? null : "must be a non-empty string") },
  { field: "title", broken: (value) => (nonEmpty(value) ? null : "must be a non-empty string") },
  { field: "slug", broken: slugProblem },
  {
    field: "categories",
    broken: (value) => (Array.isArray(value) && value.every(nonEmpty) ? null : "must be a list of non-empty strings"),
  },
  { field: "featureImage", broken: (value) => (nonEmpty(value) ? null : "must be an image URL") },
  { field: "lastUpdate", broken: (value) => (normalizeTimestamp(value) === null ? "must be a timestamp" : null) },
  {
    field: "content",
    broken: (value) =>
      isRecord(value) && Array.isArray(value.blocks) ? null : "is not Editor.js output ({time, blocks, version})",
  },
];

/**
 * Every rule of the contract a document's fields break, in the order the build checks them, whether
 * or not it is published: what the editors' API refuses a save for, field by field. A build stops at
 * the first of these (`checkArticle`), so the two can never disagree on what is wrong.
 */
export function articleProblems(data: unknown, collection: ArticleCollection = "blogMetaData"): FieldProblem[] {
  if (!isRecord(data)) return [{ field: "(document)", message: "is not an object" }];
  return FIELD_RULES.flatMap(({ field, metaOnly, broken }) => {
    if (metaOnly && collection !== "blogMetaData") return [];
    const message = broken(data[field]);
    return message === null ? [] : [{ field, message }];
  });
}

/**
 * Whether a published document is outside its schedule at `now`: before its `publishAt`, or from its
 * `unpublishAt` on. Such a document is left out without a word, as if it were not published; an
 * instant that is not a Timestamp is a broken rule instead (checkArticle names it), not this.
 */
export function outsideSchedule(data: unknown, now: number = Date.now()): boolean {
  return isRecord(data) && scheduleProblem(data, now) === "outside";
}

/**
 * The fields of a `blogMetaData` document that only editors read: the editors' API writes them beside
 * the visitor's fields (which version is the newest and which is published, and what changed the
 * article last, with no one's name: who did it is in `articleHistory/{id}`, which visitors cannot
 * read). No build, page or client query reads them, so a write that changes only these changes
 * nothing visitors see, and the Firestore trigger (webhook/trigger) asks for no rebuild for it.
 */
export const EDITORIAL_FIELDS = ["version", "publishedVersion", "changedBy"] as const;

/**
 * The schedule's fields (docs/scheduling.md). They change what visitors see only at their instants,
 * through `published` (which the scheduling job sets then) and `outsideSchedule`, so they are judged
 * that way rather than as visitor fields.
 */
export const SCHEDULE_FIELDS = ["publishAt", "unpublishAt"] as const;

const NOT_SHOWN_AS_IS: ReadonlySet<string> = new Set([...EDITORIAL_FIELDS, ...SCHEDULE_FIELDS]);

/** Firestore values compared as values: Timestamps, GeoPoints and references by their isEqual. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const equal = (a as { isEqual?: unknown }).isEqual;
  if (typeof equal === "function") return a.constructor === b.constructor && equal.call(a, b) === true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The fields visitors can see that differ between two versions of an article document (undefined: no
 * document): every field but EDITORIAL_FIELDS and SCHEDULE_FIELDS, compared by value.
 */
export function changedVisitorFields(before: unknown, after: unknown): string[] {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => !NOT_SHOWN_AS_IS.has(field) && !sameValue(a[field], b[field]))
    .sort();
}

/**
 * Checks one document of either collection against the contract. A broken rule refuses the whole
 * document, naming the field; a bad `updatedOn` only warns (shown as not updated yet). A document
 * that is not published, or not at `now` (before its publishAt, from its unpublishAt on), is
 * refused without a problem.
 */
export function checkArticle(
  data: unknown,
  collection: ArticleCollection = "blogMetaData",
  now: number = Date.now(),
): ContractResult {
  if (!isRecord(data)) return refuse("(document)", "is not an object");
  if (typeof data.published !== "boolean") return refuse("published", "must be a boolean");
  if (!data.published) return { ok: false, problem: null };
  const schedule = scheduleProblem(data, now);
  if (schedule === "outside") return { ok: false, problem: null };
  if (schedule !== null) return refuse(schedule.field, schedule.message);
  const [problem] = articleProblems(data, collection);
  if (problem) return refuse(problem.field, problem.message);

  const warnings: FieldProblem[] = [];
  let updatedOn: string | null = null;
  if (data.updatedOn !== undefined && data.updatedOn !== null) {
    updatedOn = normalizeTimestamp(data.updatedOn);
    if (updatedOn === null)
      warnings.push({ field: "updatedOn", message: "is not a timestamp; shown as not updated yet" });
  }
  const content = data.content as { time?: unknown; version?: unknown; blocks: unknown[] };
  const title = data.title as string;
  const featureImage = data.featureImage as string;
  return {
    ok: true,
    article: {
      ...(nonEmpty(data.blogId) ? { blogId: data.blogId.trim() } : {}),
      title: title.trim(),
      slug: data.slug as string,
      categories: (data.categories as string[]).map((category) => category.trim()),
      featureImage: featureImage.trim(),
      lastUpdate: normalizeTimestamp(data.lastUpdate)!,
      updatedOn,
      content: { time: content.time, version: content.version, blocks: content.blocks },
    },
    warnings,
  };
}

/**
 * The order that decides which article keeps a slug several documents share: the newest
 * `lastUpdate` wins, and a tie goes to the smaller document id, so every build picks the same one.
 */
export function newestFirst(a: { id: string; lastUpdate: string }, b: { id: string; lastUpdate: string }): number {
  return b.lastUpdate.localeCompare(a.lastUpdate) || a.id.localeCompare(b.id);
}

/** A document as read from Firestore: its id and its data, unchecked. */
export interface StoredDocument {
  id: string;
  data: unknown;
}

/**
 * What a build would publish at /blogarticle/<slug>, decided in the browser from the `blog` post
 * with that slug and the published `blogMetaData` documents with that slug: the metadata the build
 * would keep for the slug (valid, newest) must name this post, and the post must pass the contract
 * too. Otherwise the reason the page is not found.
 */
export function publishedArticle(
  slug: string,
  post: StoredDocument | null,
  metas: StoredDocument[],
): { ok: true; post: ContractArticle; meta: ContractArticle & { id: string } } | { ok: false; reason: string } {
  const badSlug = slugProblem(slug);
  if (badSlug !== null) return { ok: false, reason: `the slug ${badSlug}` };
  if (!post) return { ok: false, reason: "no published blog post has this slug" };
  const candidates = metas.flatMap((meta) => {
    const checked = checkArticle(meta.data, "blogMetaData");
    return checked.ok && checked.article.slug === slug ? [{ ...checked.article, id: meta.id }] : [];
  });
  const meta = candidates.sort(newestFirst)[0];
  if (!meta) return { ok: false, reason: "no published blogMetaData document with this slug passes the contract" };
  if (meta.blogId !== post.id)
    return { ok: false, reason: `blogMetaData/${meta.id} names blog/${meta.blogId ?? "?"}, not blog/${post.id}` };
  const checkedPost = checkArticle(post.data, "blog");
  if (!checkedPost.ok) {
    const why = checkedPost.problem
      ? `field "${checkedPost.problem.field}" ${checkedPost.problem.message}`
      : "is not published";
    return { ok: false, reason: `blog/${post.id} ${why}` };
  }
  if (checkedPost.article.slug !== slug) return { ok: false, reason: `blog/${post.id} has another slug` };
  return { ok: true, post: checkedPost.article, meta };
}
