/** @jest-environment node */
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import {
  articleStatusData,
  handedToBuild,
  nextState,
  scheduleCleared,
  scheduledStatus,
  scheduleFailed,
} from "@kindred/publishing";

// The one articleStatus writer is shared by the rebuild service and the scheduling job; these are
// the choices that keep the two from undoing each other (docs/scheduling.md).
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

  it("never lets the job's late queued hide the build's own queued, building or live", () => {
    const { over } = handedToBuild("publish", "b1");
    for (const state of ["queued", "building", "live"])
      expect(nextState({ state }, { state: "queued" }, { over })).toBeUndefined();
    expect(nextState(planned, { state: "queued", publishAt: null }, { over })).toBe("queued");
  });

  it("never lets the job's scheduled or failed replace a build in flight", () => {
    for (const update of [scheduledStatus(AT, {}), scheduleFailed("publish", AT, "x")])
      for (const state of ["queued", "building"])
        expect(nextState({ state }, { state: update.state }, { over: update.over })).toBeUndefined();
    expect(nextState({ state: "live" }, { state: "failed" }, { over: scheduleFailed("unpublish", AT, "x").over })).toBe(
      "failed",
    );
  });

  it("changes a cleared plan's state only while the status still shows the plan", () => {
    const { over } = scheduleCleared(true);
    expect(nextState(planned, { state: "queued", publishAt: null }, { over })).toBe("queued");
    expect(nextState({ state: "live" }, { state: "queued", publishAt: null }, { over })).toBeUndefined();
  });

  it("reads a build's not-published of an article with a plan ahead as scheduled, unless the plan is cleared", () => {
    expect(nextState(planned, { state: "not-published" })).toBe("scheduled");
    expect(nextState({ ...planned, state: "building" }, { state: "not-published" })).toBe("scheduled");
    expect(nextState(planned, { state: "not-published", publishAt: null })).toBe("not-published");
    expect(nextState({ state: "live" }, { state: "not-published" })).toBe("not-published");
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
