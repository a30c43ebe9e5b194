import { Timestamp } from "firebase-admin/firestore";
import {
  articleProblems,
  changedVisitorFields,
  checkArticle,
  EDITORIAL_FIELDS,
  MAX_SLUG_LENGTH,
  newestFirst,
  normalizeTimestamp,
  publishedArticle,
  slugProblem,
} from "@kindred/article";
import { article } from "../../../../support/articles";

// The one contract the build (source plugin) and the browser (fallback route, live list) apply.
/** A valid blogMetaData document of one post, with `overrides`; `undefined` leaves a field out. */
const stored = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  article("plan-a-relaxed-first-date", {
    blogId: "post-1",
    title: "Plan a relaxed first date",
    categories: ["First Dates"],
    lastUpdate: { toDate: () => new Date("2025-03-01T10:00:00Z") },
    content: { time: 1, version: "2.28.2", blocks: [{ type: "paragraph", data: { text: "Hello" } }] },
    ...overrides,
  });

describe("slugProblem", () => {
  it.each([
    ["a slug of MAX_SLUG_LENGTH characters", "a".repeat(MAX_SLUG_LENGTH), null],
    ["lowercase words joined by hyphens", "first-date-ideas", null],
  ])("accepts %s", (_case, slug, expected) => {
    expect(slugProblem(slug)).toBe(expected);
  });

  it.each([
    ["one character over the limit", "a".repeat(MAX_SLUG_LENGTH + 1)],
    ["3,000 characters", "a".repeat(3000)],
    ["capitals", "First-Date"],
    ["a slash (a deeper path)", "a/b"],
    ["a trailing hyphen", "a-"],
    ["an empty string", ""],
    ["a number", 12],
  ])("refuses %s", (_case, slug) => {
    expect(slugProblem(slug)).toEqual(expect.any(String));
  });

  it("keeps the message short for a huge slug", () => {
    expect((slugProblem(`${"a".repeat(5000)}!`) ?? "").length).toBeLessThan(200);
  });
});

describe("checkArticle", () => {
  it("accepts a valid document of either collection", () => {
    expect(checkArticle(stored())).toMatchObject({
      ok: true,
      article: { slug: "plan-a-relaxed-first-date", lastUpdate: "2025-03-01T10:00:00.000Z" },
    });
    expect(checkArticle(stored({ blogId: undefined }), "blog")).toMatchObject({ ok: true });
  });

  it("requires blogId of a blogMetaData document only", () => {
    expect(checkArticle(stored({ blogId: undefined }))).toEqual({
      ok: false,
      problem: expect.objectContaining({ field: "blogId" }),
    });
  });

  it.each([
    ["slug", { slug: "a".repeat(MAX_SLUG_LENGTH + 1) }],
    ["lastUpdate", { lastUpdate: undefined }],
    ["title", { title: "" }],
    ["categories", { categories: [""] }],
    ["featureImage", { featureImage: undefined }],
    ["content", { content: { blocks: {} } }],
    ["published", { published: "true" }],
  ])("refuses a bad %s, naming it", (field, overrides) => {
    expect(checkArticle(stored(overrides))).toEqual({ ok: false, problem: expect.objectContaining({ field }) });
  });

  it("leaves out an unpublished document without naming a problem", () => {
    expect(checkArticle(stored({ published: false }))).toEqual({ ok: false, problem: null });
  });
});

describe("newestFirst", () => {
  it("orders by lastUpdate, newest first, then by id", () => {
    const list = [
      { id: "b", lastUpdate: "2024-01-01" },
      { id: "c", lastUpdate: "2025-01-01" },
      { id: "a", lastUpdate: "2024-01-01" },
    ];
    expect(list.sort(newestFirst).map((item) => item.id)).toEqual(["c", "a", "b"]);
  });
});

describe("publishedArticle: what the fallback route may show", () => {
  const slug = "plan-a-relaxed-first-date";
  const post = (overrides: Record<string, unknown> = {}) => ({
    id: "post-1",
    data: stored({ blogId: undefined, ...overrides }),
  });
  const meta = (overrides: Record<string, unknown> = {}, id = "meta-1") => ({ id, data: stored(overrides) });

  it("shows an article whose post and metadata both pass the contract", () => {
    expect(publishedArticle(slug, post(), [meta()])).toMatchObject({
      ok: true,
      post: { title: "Plan a relaxed first date" },
    });
  });

  it.each([
    ["there is no published metadata (it is unpublished, so the rules hide it)", post(), []],
    ["the metadata is unpublished", post(), [meta({ published: false })]],
    ["the metadata has no lastUpdate", post(), [meta({ lastUpdate: undefined })]],
    ["the metadata names another post", post(), [meta({ blogId: "post-2" })]],
    ["the post has no lastUpdate", post({ lastUpdate: undefined }), [meta()]],
    ["the post is missing", null, [meta()]],
  ])("refuses when %s", (_case, found, metas) => {
    expect(publishedArticle(slug, found, metas)).toEqual({ ok: false, reason: expect.any(String) });
  });

  it("refuses a slug the build cannot publish before looking at any document", () => {
    const long = "a".repeat(MAX_SLUG_LENGTH + 1);
    expect(publishedArticle(long, post({ slug: long }), [meta({ slug: long })])).toEqual({
      ok: false,
      reason: expect.stringContaining(`${MAX_SLUG_LENGTH}`),
    });
  });

  it("follows the build when several metadata documents share the slug: the newest valid one decides", () => {
    const older = meta({ blogId: "post-1", lastUpdate: "2024-01-01T00:00:00Z" }, "older");
    const newerOtherPost = meta({ blogId: "post-2", lastUpdate: "2025-06-01T00:00:00Z" }, "newer");
    const newestButBroken = meta({ blogId: "post-1", lastUpdate: "2025-07-01T00:00:00Z", title: "" }, "broken");
    expect(publishedArticle(slug, post(), [older, newerOtherPost, newestButBroken])).toMatchObject({ ok: false });
    expect(publishedArticle(slug, post(), [older, newestButBroken])).toMatchObject({ ok: true, meta: { id: "older" } });
  });
});

describe("normalizeTimestamp", () => {
  const iso = "2024-03-04T09:30:00.000Z";
  it.each([
    ["an ISO string", iso],
    ["a Date", new Date(iso)],
    ["{seconds, nanoseconds}", { seconds: 1709544600, nanoseconds: 0 }],
    ["the admin SDK's {_seconds, _nanoseconds}", { _seconds: 1709544600, _nanoseconds: 0 }],
    ["a Firestore Timestamp (toDate)", { toDate: () => new Date(iso) }],
  ])("reads %s", (_name, value) => {
    expect(normalizeTimestamp(value)).toBe(iso);
  });

  it("keeps nanoseconds as milliseconds", () => {
    expect(normalizeTimestamp({ seconds: 0, nanoseconds: 250_000_000 })).toBe("1970-01-01T00:00:00.250Z");
  });

  it.each([
    ["a number", 1709544600],
    ["garbage text", "yesterday"],
    ["an invalid date", "2024-13-45"],
    ["null", null],
    ["an object", { when: 1 }],
  ])("refuses %s", (_name, value) => {
    expect(normalizeTimestamp(value)).toBeNull();
  });
});

describe("articleProblems", () => {
  it("finds nothing wrong with a valid document, published or not", () => {
    expect(articleProblems(stored())).toEqual([]);
    expect(articleProblems(stored({ published: false }))).toEqual([]);
  });

  it("lists every broken rule, in the order the build checks them, where checkArticle stops at the first", () => {
    const broken = stored({ title: " ", slug: "Not A Slug", categories: ["ok", ""], featureImage: undefined });
    expect(articleProblems(broken).map((problem) => problem.field)).toEqual([
      "title",
      "slug",
      "categories",
      "featureImage",
    ]);
    const first = checkArticle(broken);
    expect(first.ok ? null : first.problem).toEqual(articleProblems(broken)[0]);
  });

  it("asks a blog document for no blogId", () => {
    expect(articleProblems(stored({ blogId: undefined }), "blog")).toEqual([]);
    expect(articleProblems(stored({ blogId: undefined }))).toEqual([
      { field: "blogId", message: "must be a non-empty string" },
    ]);
  });

  it("refuses what is not a document at all", () => {
    expect(articleProblems([1, 2])).toEqual([{ field: "(document)", message: "is not an object" }]);
  });
});

describe("changedVisitorFields", () => {
  const live = article("first-dates", { lastUpdate: Timestamp.fromMillis(1_000), version: 3, publishedVersion: 3 });

  it("names no field for a write that changes only editorial fields", () => {
    const saved = { ...live, version: 4, changedBy: { action: "saved" } };
    expect(changedVisitorFields(live, saved)).toEqual([]);
    expect([...EDITORIAL_FIELDS].sort()).toEqual(["changedBy", "publishedVersion", "version"]);
  });

  it("names every other field that differs, Timestamps and nested values compared by value", () => {
    expect(changedVisitorFields(live, { ...live, lastUpdate: Timestamp.fromMillis(1_000) })).toEqual([]);
    expect(changedVisitorFields(live, { ...live, lastUpdate: Timestamp.fromMillis(2_000), title: "New" })).toEqual([
      "lastUpdate",
      "title",
    ]);
    const content = live.content as { blocks: unknown[] };
    expect(changedVisitorFields(live, { ...live, content: { ...content, blocks: [...content.blocks, {}] } })).toEqual([
      "content",
    ]);
    // A field no contract rule names is still a field visitors may see: a new field counts.
    expect(changedVisitorFields(live, { ...live, author: "Sam" })).toEqual(["author"]);
    expect(changedVisitorFields(undefined, { published: true })).toEqual(["published"]);
  });

  it("leaves the schedule's fields to the schedule's own test (outsideSchedule)", () => {
    expect(changedVisitorFields(live, { ...live, unpublishAt: Timestamp.fromMillis(9_000) })).toEqual([]);
  });
});
