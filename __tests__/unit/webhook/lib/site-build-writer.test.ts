/** @jest-environment node */
import { Timestamp } from "firebase-admin/firestore";
import { siteBuildData } from "../../../../webhook/lib/site-build-writer.ts";

describe("siteBuildData", () => {
  it("stores the triggers' and the build's times as timestamps and leaves out what is not known yet", () => {
    const at = new Date("2026-02-01T10:00:00.000Z");
    const data = siteBuildData({
      state: "queued",
      lane: "full",
      reason: "firestore",
      triggers: [{ reason: "firestore", at, documents: ["a"] }],
      queuedAt: at,
    });
    expect(data).toMatchObject({
      state: "queued",
      lane: "full",
      triggers: [{ reason: "firestore", at: Timestamp.fromDate(at), documents: ["a"] }],
      queuedAt: Timestamp.fromDate(at),
    });
    expect(data).not.toHaveProperty("startedAt");
    expect(data).not.toHaveProperty("finishedAt");
  });
});
