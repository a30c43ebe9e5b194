/** @jest-environment node */
import { instantOf, runScheduleJob } from "@kindred/publishing";
import { MINUTE, MapStore, SECOND, T0, rebuildRecorder, stamp } from "../../../../../support/schedule-map-store";

// The scheduling job, run by hand at chosen instants on a fake clock (Jest's timers and Date), against
// a map for Firestore (support/schedule-map-store.ts). Its clocks are tested beside them: the
// service's timer in unit/webhook/lib/schedule/timer.test.ts, the function's minute in
// unit/webhook/trigger/src/schedule/function.test.ts.
let store: MapStore;
let rebuilds: { documents: string[]; at: number }[];
let requestRebuild: (documents: string[]) => Promise<string>;

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  store = new MapStore();
  ({ rebuilds, requestRebuild } = rebuildRecorder());
});

afterEach(() => jest.useRealTimers());

test("early: nothing happens a millisecond before, however often the job runs", async () => {
  const at = T0 + 5 * MINUTE;
  store.save("later", { publishAt: stamp(at) });
  for (let now = T0; now < at; now += 7 * SECOND) {
    const result = await runScheduleJob({ store, now, requestRebuild });
    expect(result.published).toEqual([]);
    expect(result.next).toBe(at);
  }
  expect((await runScheduleJob({ store, now: at - 1, requestRebuild })).published).toEqual([]);
  expect(store.published("later")).toBe(false);
  expect(rebuilds).toEqual([]);
});

test("two in one minute: both out in a single rebuild when a run finds them due together", async () => {
  const at = T0 + MINUTE;
  store.save("first", { publishAt: stamp(at) });
  store.save("second", { publishAt: stamp(at) });
  store.save("third", { publishAt: stamp(at + 20 * SECOND) });
  const result = await runScheduleJob({ store, now: at + 30 * SECOND, requestRebuild });
  expect(result.published.sort()).toEqual(["first", "second", "third"]);
  expect(rebuilds).toEqual([{ documents: ["first", "second", "third"], at: T0 }]);
});

test("idempotent: running the job again, or twice at once, changes nothing more", async () => {
  const at = T0 + MINUTE;
  store.save("once", { publishAt: stamp(at) });
  const [a, b] = await Promise.all([
    runScheduleJob({ store, now: at, requestRebuild }),
    runScheduleJob({ store, now: at, requestRebuild }),
  ]);
  expect([...a.published, ...b.published]).toEqual(["once"]);
  expect((await runScheduleJob({ store, now: at + MINUTE, requestRebuild })).published).toEqual([]);
  expect(rebuilds).toHaveLength(1);
});

test("a publish that cannot be carried out says so and why, and publishes nothing", async () => {
  const at = T0 + MINUTE;
  store.save("orphan", { publishAt: stamp(at) });
  store.blog.delete("post-orphan");
  const result = await runScheduleJob({ store, now: at, requestRebuild });
  expect(result.failed).toEqual(["orphan"]);
  expect(store.meta.get("orphan")).toMatchObject({ published: false });
  expect(rebuilds).toEqual([]);
  expect(store.status.get("orphan")).toMatchObject({
    state: "failed",
    scheduleError: "Not published at 2027-02-14 07:00:00 UTC: blog/post-orphan does not exist",
  });
});

test("a plan saved as text, not an instant, is reported and never carried out", async () => {
  store.save("text", { publishAt: "2027-02-14 07:00" });
  const result = await runScheduleJob({ store, now: T0 + 365 * 24 * 60 * MINUTE, requestRebuild });
  expect(result.failed).toEqual(["text"]);
  expect(store.published("text")).toBe(false);
  expect(store.status.get("text")).toMatchObject({
    state: "failed",
    scheduleError: "Not published: publishAt must be a Timestamp (an instant)",
  });
});

test("a rebuild request that fails is reported on the article", async () => {
  const at = T0 + MINUTE;
  store.save("unlucky", { publishAt: stamp(at) });
  await runScheduleJob({
    store,
    now: at,
    requestRebuild: () => Promise.reject(new Error("The service is stopping.")),
  });
  expect(store.status.get("unlucky")).toMatchObject({ state: "failed" });
  expect(String(store.status.get("unlucky")!.scheduleError)).toMatch(
    /rebuild request failed \(The service is stopping\.\)/,
  );
});

test("a cancelled unpublish leaves no unpublishAt on the article's status", async () => {
  store.save("contest", { published: true, unpublishAt: stamp(T0 + 10 * MINUTE) });
  await runScheduleJob({ store, now: T0, requestRebuild });
  expect(store.status.get("contest")).toMatchObject({ unpublishAt: T0 + 10 * MINUTE });
  // The editor cancels the plan: the article stays up, and its status must stop announcing a take-down.
  delete store.meta.get("contest")!.unpublishAt;
  await runScheduleJob({ store, now: T0 + MINUTE, requestRebuild });
  expect(store.status.get("contest")).not.toHaveProperty("unpublishAt");
  expect(store.published("contest")).toBe(true);
  expect(rebuilds).toEqual([]);
});

test("an unpublish plan the article no longer carries out (unpublished by hand) is cleared from its status", async () => {
  store.save("contest", { published: true, unpublishAt: stamp(T0 + 10 * MINUTE) });
  await runScheduleJob({ store, now: T0, requestRebuild });
  store.meta.set("contest", { ...store.meta.get("contest"), published: false });
  await runScheduleJob({ store, now: T0 + MINUTE, requestRebuild });
  expect(store.status.get("contest")).not.toHaveProperty("unpublishAt");
});

test("an unpublish plan beyond the look-ahead stays on its status", async () => {
  store.save("soon", { published: true, unpublishAt: stamp(T0 + 10 * MINUTE) });
  store.save("later", { published: true, unpublishAt: stamp(T0 + 20 * MINUTE) });
  await runScheduleJob({ store, now: T0, requestRebuild, lookAhead: 2 });
  await runScheduleJob({ store, now: T0 + MINUTE, requestRebuild, lookAhead: 1 });
  expect(store.status.get("later")).toMatchObject({ unpublishAt: T0 + 20 * MINUTE });
  expect(store.status.get("soon")).toMatchObject({ unpublishAt: T0 + 10 * MINUTE });
});

test("published with a publishAt ahead: made a scheduled article at once, then published at its instant", async () => {
  // Saved straight to Firestore as published too early: the build would skip it without a word,
  // and nothing would rebuild at its instant.
  const at = T0 + 10 * MINUTE;
  store.save("too-early", { published: true, publishAt: stamp(at) });
  const first = await runScheduleJob({ store, now: T0, requestRebuild });
  expect(first.heldBack).toEqual(["too-early"]);
  expect(store.meta.get("too-early")).toMatchObject({ published: false });
  expect(instantOf(store.meta.get("too-early")!.publishAt)).toBe(at);
  expect(store.blog.get("post-too-early")).toMatchObject({ published: false });
  expect(store.status.get("too-early")).toMatchObject({ state: "scheduled", publishAt: at });
  expect(first.next).toBe(at);
  expect(rebuilds).toEqual([]);

  const due = await runScheduleJob({ store, now: at, requestRebuild });
  expect(due.published).toEqual(["too-early"]);
  expect(store.published("too-early")).toBe(true);
  expect(rebuilds).toEqual([{ documents: ["too-early"], at: T0 }]);
});
