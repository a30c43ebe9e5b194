import {
  byNewest,
  chunks,
  dateOf,
  matchesSearch,
  rowOf,
  slugPrefix,
  titlePrefixes,
  visibleRows,
  type ArticleRow,
} from "../../../../../editors/src/articles/article-rows";

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe("rowOf", () => {
  const meta = { title: "First dates", slug: "first-dates", published: false, lastUpdate: at("2026-11-20T10:00:00Z") };

  it("joins an article's documents with its state and who saved it last", () => {
    expect(
      rowOf(
        "a1",
        meta,
        { state: "failed" },
        { savedAt: at("2026-11-21T08:00:00Z"), savedBy: { uid: "u1", email: "e@x.org" } },
      ),
    ).toEqual({
      id: "a1",
      title: "First dates",
      slug: "first-dates",
      state: "failed",
      updated: new Date("2026-11-20T10:00:00Z"),
      saved: { by: "e@x.org", at: new Date("2026-11-21T08:00:00Z"), imported: false },
    });
  });

  it("tells an article with no status and no history (a draft never saved here) from one not yet read", () => {
    expect(rowOf("a1", meta, null, null)).toMatchObject({ state: "draft", saved: null });
    expect(rowOf("a1", meta, undefined, undefined)).toMatchObject({ state: null, saved: undefined });
    expect(rowOf("a1", { ...meta, published: true }, null, undefined)).toMatchObject({
      state: "live",
      saved: undefined,
    });
  });

  it("names an editor without an email by the account, and an adopted version 1 as imported", () => {
    expect(
      rowOf("a1", meta, null, { savedAt: at("2026-01-01T00:00:00Z"), savedBy: { uid: "u9", email: "" } }).saved,
    ).toEqual({
      by: "account u9",
      at: new Date("2026-01-01T00:00:00Z"),
      imported: false,
    });
    expect(
      rowOf("a1", meta, null, { savedAt: at("2024-10-21T09:00:00Z"), savedBy: { uid: "", email: "" } }).saved,
    ).toEqual({
      by: "",
      at: new Date("2024-10-21T09:00:00Z"),
      imported: true,
    });
    // Adopted by a publish or a schedule: a history document with lastAction only, and no save yet.
    expect(rowOf("a1", meta, null, { lastAction: { action: "published" } }).saved).toBeNull();
  });

  it("gives a title to an article without one, and no date to one without lastUpdate", () => {
    expect(rowOf("a1", {}, null, null)).toMatchObject({ title: "Untitled article", slug: "", updated: null });
  });
});

describe("dateOf", () => {
  it("reads Timestamps, their plain form and Dates, and nothing else", () => {
    expect(dateOf(at("2026-11-20T10:00:00Z"))).toEqual(new Date("2026-11-20T10:00:00Z"));
    expect(dateOf({ seconds: 1_700_000_000, nanoseconds: 0 })).toEqual(new Date(1_700_000_000_000));
    expect(dateOf(new Date(5))).toEqual(new Date(5));
    expect(dateOf("2026-11-20")).toBeNull();
    expect(dateOf(null)).toBeNull();
  });
});

describe("search", () => {
  it("asks Firestore for the slug the words make, and the title as typed and capitalised", () => {
    expect(slugPrefix("  Café crème, Paris ")).toBe("cafe-creme-paris-");
    expect(slugPrefix("first date")).toBe("first-date");
    expect(titlePrefixes("first date")).toEqual(["first date", "First date"]);
    expect(titlePrefixes("First")).toEqual(["First"]);
    expect(titlePrefixes("f")).toEqual([]);
  });

  it("finds the words anywhere in the title, in any case, or as the slug's text", () => {
    const row = { title: "The Café Date Guide: Why Coffee Still Wins", slug: "cafe-date-guide" };
    expect(matchesSearch(row, "coffee still")).toBe(true);
    expect(matchesSearch(row, "CAFÉ DATE")).toBe(true);
    expect(matchesSearch(row, "cafe date")).toBe(true); // the slug, accents dropped
    expect(matchesSearch(row, "cafe-date-g")).toBe(true);
    expect(matchesSearch(row, "tea")).toBe(false);
    expect(matchesSearch(row, "   ")).toBe(true);
  });
});

describe("visibleRows", () => {
  const row = (id: string, title: string, state: ArticleRow["state"], iso: string | null): ArticleRow => ({
    id,
    title,
    slug: id,
    state,
    updated: iso ? new Date(iso) : null,
    saved: null,
  });
  const rows = [
    row("old", "Old live", "live", "2024-01-01T00:00:00Z"),
    row("none", "No date", "draft", null),
    row("new", "New draft", "draft", "2026-01-01T00:00:00Z"),
    row("unknown", "State unknown", null, "2025-01-01T00:00:00Z"),
    row("tie-b", "B tie", "failed", "2025-06-01T00:00:00Z"),
    row("tie-a", "A tie", "failed", "2025-06-01T00:00:00Z"),
  ];

  it("orders newest first, undated last, ties by title", () => {
    expect(visibleRows(rows, "", "all").map((shown) => shown.id)).toEqual([
      "new",
      "tie-a",
      "tie-b",
      "unknown",
      "old",
      "none",
    ]);
    expect([...rows].sort(byNewest)).toEqual(visibleRows(rows, "", "all"));
  });

  it("keeps the rows in the state chosen, a row whose state is not known yet in none, and those the search finds", () => {
    expect(visibleRows(rows, "", "draft").map((shown) => shown.id)).toEqual(["new", "none"]);
    expect(visibleRows(rows, "", "scheduled")).toEqual([]);
    expect(visibleRows(rows, "tie", "failed").map((shown) => shown.id)).toEqual(["tie-a", "tie-b"]);
    expect(visibleRows(rows, "draft", "live")).toEqual([]);
  });
});

describe("chunks", () => {
  it("cuts a list into Firestore's in-filters of at most 30", () => {
    const ids = Array.from({ length: 65 }, (_, index) => `id${index}`);
    expect(chunks(ids, 30).map((chunk) => chunk.length)).toEqual([30, 30, 5]);
    expect(chunks(ids, 30).flat()).toEqual(ids);
    expect(chunks([], 30)).toEqual([]);
  });
});
