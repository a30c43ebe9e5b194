import { checkArticle, outsideSchedule, publishedArticle } from "../../../../../packages/article/src/contract";
import { article } from "../../../../support/articles";

// The schedule's fields in the shared contract: the build and the browser leave out an article
// that is published but outside its publishAt/unpublishAt, whatever the rules let a client read.
const NOW = Date.UTC(2027, 1, 14, 6, 0, 0);
const stamp = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1e6 });

/** A valid blogMetaData document of the post "post", with the schedule `fields`. */
const stored = (fields: Record<string, unknown> = {}): Record<string, unknown> =>
  article("valentines-day-guide", { blogId: "post", lastUpdate: "2027-02-13T10:00:00Z", ...fields });

describe("checkArticle with a schedule", () => {
  it("keeps an article inside its schedule", () => {
    expect(checkArticle(stored({ publishAt: stamp(NOW) }), "blogMetaData", NOW).ok).toBe(true);
    expect(checkArticle(stored({ unpublishAt: stamp(NOW + 1) }), "blogMetaData", NOW).ok).toBe(true);
  });

  it("leaves out, without a problem, an article before its publishAt or from its unpublishAt on", () => {
    expect(checkArticle(stored({ publishAt: stamp(NOW + 1) }), "blogMetaData", NOW)).toEqual({
      ok: false,
      problem: null,
    });
    expect(checkArticle(stored({ unpublishAt: stamp(NOW) }), "blogMetaData", NOW)).toEqual({
      ok: false,
      problem: null,
    });
  });

  it("refuses a schedule that is not an instant", () => {
    expect(checkArticle(stored({ publishAt: "2027-02-14 07:00" }), "blogMetaData", NOW)).toEqual({
      ok: false,
      problem: { field: "publishAt", message: "must be a Timestamp (an instant)" },
    });
  });

  it("keeps the fallback route from showing a post whose metadata is not due yet", () => {
    const meta = { id: "meta", data: stored({ publishAt: stamp(Date.now() + 3600_000) }) };
    const post = { id: "post", data: stored() };
    expect(publishedArticle("valentines-day-guide", post, [meta])).toMatchObject({ ok: false });
    expect(publishedArticle("valentines-day-guide", post, [{ ...meta, data: stored() }])).toMatchObject({ ok: true });
  });
});

describe("outsideSchedule", () => {
  it("is true only before publishAt or from unpublishAt on, not for a broken instant", () => {
    expect(outsideSchedule(stored({ publishAt: stamp(NOW + 1) }), NOW)).toBe(true);
    expect(outsideSchedule(stored({ unpublishAt: stamp(NOW) }), NOW)).toBe(true);
    expect(outsideSchedule(stored({ publishAt: stamp(NOW) }), NOW)).toBe(false);
    expect(outsideSchedule(stored({ publishAt: "2027-02-14 07:00" }), NOW)).toBe(false);
    expect(outsideSchedule(undefined, NOW)).toBe(false);
  });
});
