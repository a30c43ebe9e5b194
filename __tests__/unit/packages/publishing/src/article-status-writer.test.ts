/** @jest-environment node */
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { articleStatusData, nextState } from "@kindred/publishing";
import { reasonsAfter } from "../../../../../packages/publishing/src/article-status-writer.ts";

// The one articleStatus writer is shared by the rebuild service and the scheduling job; these are
// the choices that keep the two from undoing each other (docs/scheduling.md). The job's own `over`
// lists are tested beside it, in schedule/status.test.ts.
const deleted = FieldValue.delete();
const isDelete = (value: unknown): boolean => value instanceof FieldValue && value.isEqual(deleted);
const AT = Date.UTC(2027, 1, 14, 7, 0, 0);
const planned = { state: "scheduled", publishAt: Timestamp.fromMillis(AT) };

describe("nextState", () => {
  it("lets a build's states replace anything, and writes no state for an update without one", () => {
    expect(nextState({ state: "live" }, { state: "queued" })).toBe("queued");
    expect(nextState(undefined, { state: "building" })).toBe("building");
    expect(nextState({ state: "live" }, { unpublishAt: new Date(AT) })).toBeUndefined();
  });

  it("reads a build's not-published of an article with a plan ahead as scheduled, unless the plan is cleared", () => {
    const now = AT - 60_000;
    expect(nextState(planned, { state: "not-published" }, { now })).toBe("scheduled");
    expect(nextState({ ...planned, state: "building" }, { state: "not-published" }, { now })).toBe("scheduled");
    expect(nextState(planned, { state: "not-published", publishAt: null }, { now })).toBe("not-published");
    expect(nextState({ state: "live" }, { state: "not-published" })).toBe("not-published");
  });

  it("reads not-published as scheduled only while the plan's instant is still ahead", () => {
    // A plan whose instant has passed was carried out (or published by hand): a later unpublish is no plan.
    expect(
      nextState({ state: "live", publishAt: Timestamp.fromMillis(AT) }, { state: "not-published" }, { now: AT }),
    ).toBe("not-published");
    expect(nextState(planned, { state: "not-published" }, { now: AT + 1 })).toBe("not-published");
    expect(nextState(planned, { state: "not-published" }, { now: AT - 1 })).toBe("scheduled");
  });
});

describe("articleStatusData", () => {
  it("stamps the write with the server's time and stores dates as timestamps", () => {
    const liveSince = new Date("2026-02-01T10:00:00.000Z");
    const data = articleStatusData({ state: "live", url: "https://x/blogarticle/a", liveSince, buildId: "b" });
    expect(data.updatedAt).toEqual(FieldValue.serverTimestamp());
    expect(data.liveSince).toEqual(Timestamp.fromDate(liveSince));
    expect(data).toMatchObject({ state: "live", url: "https://x/blogarticle/a", buildId: "b" });
  });

  it("clears the reasons, blocks, warnings and error of an earlier state", () => {
    const data = articleStatusData({ state: "queued", buildId: "b" });
    for (const field of ["reasons", "blocksLeftOut", "warnings", "error"]) expect(isDelete(data[field])).toBe(true);
  });

  it("keeps what visitors see (URL, since when) while a new version is on its way, and drops it once not published", () => {
    expect(articleStatusData({ state: "building" })).not.toHaveProperty("url");
    expect(articleStatusData({ state: "failed", error: "e" })).not.toHaveProperty("liveSince");
    const gone = articleStatusData({ state: "not-published", reasons: [] });
    expect(isDelete(gone.url)).toBe(true);
    expect(isDelete(gone.liveSince)).toBe(true);
  });

  it("leaves the schedule's fields to the scheduler unless given", () => {
    const data = articleStatusData({ state: "building" });
    expect(data).not.toHaveProperty("publishAt");
    expect(data).not.toHaveProperty("unpublishAt");
    expect(data).not.toHaveProperty("scheduleError");
    const publishAt = new Date("2026-03-01T09:00:00.000Z");
    expect(articleStatusData({ state: "scheduled", publishAt }).publishAt).toEqual(Timestamp.fromDate(publishAt));
  });
});

describe("a live article's plan is spent", () => {
  it("deletes publishAt whenever a build says live, whoever published it", () => {
    // Published by hand while scheduled: the job never clears the status' publishAt, which then
    // turned a later unpublish into `scheduled` at a past instant.
    expect(isDelete(articleStatusData({ state: "live", url: "u" }).publishAt)).toBe(true);
    expect(articleStatusData({ state: "live" })).not.toHaveProperty("unpublishAt");
  });
});

describe("articleStatusData for the job's updates", () => {
  it("deletes the fields given as null and keeps a state's reasons when the update has no state", () => {
    const data = articleStatusData({ unpublishAt: null, buildId: null, scheduleError: null });
    for (const field of ["unpublishAt", "buildId", "scheduleError"]) expect(isDelete(data[field])).toBe(true);
    expect(data).not.toHaveProperty("reasons");
    expect(data).not.toHaveProperty("state");
  });
});

describe("reasonsAfter", () => {
  const byEditor = {
    document: "blogMetaData/a",
    field: "published",
    rule: "unpublished by ana@example.com",
    message: "unpublished by ana@example.com at 2027-02-14 07:00:00 UTC",
  };
  const gone = { document: "blogMetaData/a", field: "published", rule: "must be true", message: "no longer published" };
  const broken = { document: "blogMetaData/a", field: "slug", rule: "must match", message: "bad slug" };

  it("keeps who took an article down when a build only finds it no longer published", () => {
    const current = { state: "not-published", reasons: [byEditor] };
    expect(reasonsAfter(current, { state: "not-published", reasons: [gone] })).toEqual([byEditor]);
  });

  it("gives the build's reasons otherwise: a broken rule, another state before, or no editor's reason", () => {
    expect(
      reasonsAfter({ state: "not-published", reasons: [byEditor] }, { state: "not-published", reasons: [broken] }),
    ).toEqual([broken]);
    expect(reasonsAfter({ state: "live" }, { state: "not-published", reasons: [gone] })).toEqual([gone]);
    expect(
      reasonsAfter({ state: "not-published", reasons: [gone] }, { state: "not-published", reasons: [gone] }),
    ).toEqual([gone]);
    expect(reasonsAfter({ state: "not-published", reasons: [byEditor] }, { state: "live" })).toBeUndefined();
  });
});

describe("nextState after an editor's take-down", () => {
  const takenDown = {
    state: "not-published",
    reasons: [{ document: "blogMetaData/a", field: "published", rule: "unpublished by ana@example.com", message: "" }],
  };

  it("keeps not-published while the build that removes it from the lists is queued and runs", () => {
    expect(nextState(takenDown, { state: "queued", buildId: "b1" })).toBeUndefined();
    expect(nextState(takenDown, { state: "building", buildId: "b1" })).toBeUndefined();
    expect(nextState(takenDown, { state: "not-published", buildId: "b1" })).toBe("not-published");
  });

  it("lets the editor's own publish (no build id yet) and any later outcome through", () => {
    expect(nextState(takenDown, { state: "queued", buildId: null })).toBe("queued");
    expect(nextState(takenDown, { state: "live", buildId: "b2" })).toBe("live");
    expect(nextState({ state: "not-published", reasons: [] }, { state: "building", buildId: "b1" })).toBe("building");
  });
});
