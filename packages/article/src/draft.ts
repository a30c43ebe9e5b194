// An article as an editor saves it, judged by the rules a build applies: the editors' API
// (webhook/trigger/src/articles/) refuses a save the build would skip, and says which blocks the
// build would leave out, before anything is written. Plain functions on plain data, so the console
// can show the same verdict as the editor types.
import { articleProblems } from "./contract.ts";
import { normalizeContent, storedBlockIndex } from "./editor-content.ts";
import { builtBodyRules, safeBlocks, type BodyRules } from "./block-sanitizer.ts";

/** The fields an editor writes; the rest of an article's documents belong to the API. */
export interface DraftFields {
  title: string;
  slug: string;
  categories: string[];
  featureImage: string;
  content: { time?: number; version?: string; blocks: unknown[] };
}

/** The names of those fields, in the order they are shown and checked. */
export const DRAFT_FIELDS = ["title", "slug", "categories", "featureImage", "content"] as const;

/** A rule a draft breaks, in the shape of an `articleStatus` reason. */
export interface DraftReason {
  /** "blogMetaData/ID". */
  document: string;
  field: string;
  rule: string;
  message: string;
}

/** A block the build would leave out of the page, or cut, in the shape of `articleStatus.blocksLeftOut`. */
export interface DraftBlockLeftOut {
  document: string;
  /** Its index in `content.blocks` as saved. */
  block: number;
  type: string;
  reason: string;
}

export interface DraftVerdict {
  /** Empty when a build would publish the article. */
  reasons: DraftReason[];
  blocksLeftOut: DraftBlockLeftOut[];
}

/**
 * The most a body may weigh, as JSON: every version is one Firestore document (at most 1 MiB), and
 * so are both of the article's own documents, which carry it beside the other fields.
 */
export const MAX_CONTENT_BYTES = 800_000;

const reason = (document: string, field: string, rule: string): DraftReason => ({
  document,
  field,
  rule,
  message: `${document}: field "${field}" ${rule}`,
});

/**
 * What a build would make of these fields as the article `id`, published at `now`: every rule of the
 * data contract they break (all of them, not only the first), and the blocks it would leave out.
 * Fields beyond DRAFT_FIELDS are not looked at: the API never stores them.
 */
export function checkDraft(
  id: string,
  fields: unknown,
  { now = Date.now(), rules }: { now?: number; rules?: BodyRules } = {},
): DraftVerdict {
  const document = `blogMetaData/${id}`;
  const given = typeof fields === "object" && fields !== null && !Array.isArray(fields) ? fields : {};
  const picked = Object.fromEntries(
    DRAFT_FIELDS.map((field) => [field, (given as Record<string, unknown>)[field]] as const),
  );
  // As the build would read it once published: its blog document named, dated now.
  const article = { ...picked, blogId: id, published: true, lastUpdate: new Date(now) };
  const reasons = articleProblems(article).map((problem) => reason(document, problem.field, problem.message));
  const bytes = picked.content === undefined ? 0 : new TextEncoder().encode(JSON.stringify(picked.content)).length;
  if (bytes > MAX_CONTENT_BYTES)
    reasons.push(reason(document, "content", `is ${bytes} bytes as JSON; at most ${MAX_CONTENT_BYTES} are stored`));

  const content = normalizeContent(id, picked.content);
  if (content === null) return { reasons, blocksLeftOut: [] };
  const blocksLeftOut: DraftBlockLeftOut[] = content.problems.flatMap(({ field, message }) => {
    const place = /^content\.blocks\[(\d+)\]$/.exec(field)?.[1];
    return place === undefined ? [] : [{ document, block: Number(place), type: "(none)", reason: message }];
  });
  // The sanitizer finishBody runs, without the highlighting, which never leaves a block out (and
  // would bring every grammar of highlight.js into the functions).
  safeBlocks(
    content.content.blocks,
    (_message, block) => blocksLeftOut.push({ document, ...block }),
    rules ?? builtBodyRules(),
    storedBlockIndex(content.problems),
  );
  blocksLeftOut.sort((a, b) => a.block - b.block);
  return { reasons, blocksLeftOut };
}
