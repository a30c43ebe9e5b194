/** @jest-environment node */
import { Timestamp } from "firebase-admin/firestore";
import { handedToBuild, nextState, scheduleCleared, scheduledStatus, scheduleFailed } from "@kindred/publishing";

// The scheduling job's writes to articleStatus name the states they may replace (`over`); through
// the shared writer's nextState, they must never undo what a build wrote (docs/scheduling.md).
const AT = Date.UTC(2027, 1, 14, 7, 0, 0);
const planned = { state: "scheduled", publishAt: Timestamp.fromMillis(AT) };

describe("the job's states, through nextState", () => {
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
});
