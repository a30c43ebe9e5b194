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
