/** @jest-environment node */
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { articleStatusData, siteBuildData } from "../../../../webhook/lib/article-status.ts";

const deleted = FieldValue.delete();
const isDelete = (value: unknown): boolean => value instanceof FieldValue && value.isEqual(deleted);

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
    const data = articleStatusData({ state: "live" });
    expect(data).not.toHaveProperty("publishAt");
    expect(data).not.toHaveProperty("unpublishAt");
    expect(data).not.toHaveProperty("scheduleError");
    const publishAt = new Date("2026-03-01T09:00:00.000Z");
    expect(articleStatusData({ state: "scheduled", publishAt }).publishAt).toEqual(Timestamp.fromDate(publishAt));
  });
});

describe("siteBuildData", () => {
  it("stores the triggers' and the build's times as timestamps and leaves out what is not known yet", () => {
    const at = new Date("2026-02-01T10:00:00.000Z");
    const data = siteBuildData({
      state: "queued",
      reason: "firestore",
      triggers: [{ reason: "firestore", at, documents: ["a"] }],
      queuedAt: at,
    });
    expect(data).toMatchObject({
      state: "queued",
      triggers: [{ reason: "firestore", at: Timestamp.fromDate(at), documents: ["a"] }],
      queuedAt: Timestamp.fromDate(at),
    });
    expect(data).not.toHaveProperty("startedAt");
    expect(data).not.toHaveProperty("finishedAt");
  });
});
