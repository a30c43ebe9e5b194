/** @jest-environment node */
import { instantOf, runScheduleJob } from "@kindred/publishing";
import { startScheduleTimer, type ScheduleTimer } from "../../../../../webhook/lib/schedule/timer.ts";
import {
  MINUTE,
  MapStore,
  SECOND,
  T0,
  advanceTo,
  rebuildRecorder,
  stamp,
} from "../../../../support/schedule-map-store";

// The rebuild service's clock for scheduled publishing: the timer runs the job (with a map for
// Firestore, support/schedule-map-store.ts) on a fake clock, Jest's timers and Date, through saved,
// moved, cancelled and missed plans.
const POLL_MS = 10 * SECOND;

let store: MapStore;
let rebuilds: { documents: string[]; at: number }[];
let requestRebuild: (documents: string[]) => Promise<string>;

let timer: ScheduleTimer | null;

const start = (): void => {
  timer = startScheduleTimer({
    pollMs: POLL_MS,
    run: (now) => runScheduleJob({ store, now, requestRebuild }),
  });
};

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  store = new MapStore();
  ({ rebuilds, requestRebuild } = rebuildRecorder());
  timer = null;
});

afterEach(async () => {
  await timer?.stop();
  jest.useRealTimers();
});

test("due: published at the instant, both documents, with one rebuild naming it", async () => {
  const at = T0 + MINUTE;
  store.save("valentine", { publishAt: stamp(at) });
  start();
  await advanceTo(at - 1);
  expect(store.published("valentine")).toBe(false);
  expect(store.status.get("valentine")).toMatchObject({ state: "scheduled", publishAt: at });
  await advanceTo(at);
  expect(store.published("valentine")).toBe(true);
  expect(store.meta.get("valentine")).not.toHaveProperty("publishAt");
  expect(instantOf(store.meta.get("valentine")!.lastUpdate)).toBe(at);
  expect(rebuilds).toEqual([{ documents: ["valentine"], at }]);
  expect(store.status.get("valentine")).toMatchObject({ state: "queued", buildId: "build-1" });
  expect(store.status.get("valentine")).not.toHaveProperty("publishAt");
});

test("moved: a schedule moved later does not fire at its old instant, and fires at the new one", async () => {
  const old = T0 + MINUTE;
  const moved = T0 + 3 * MINUTE;
  store.save("moved", { publishAt: stamp(old) });
  start();
  await advanceTo(old - 2 * SECOND); // the timer now sleeps until `old`
  store.save("moved", { publishAt: stamp(moved) });
  await advanceTo(moved - 1);
  expect(store.published("moved")).toBe(false);
  expect(rebuilds).toEqual([]);
  expect(store.status.get("moved")).toMatchObject({ state: "scheduled", publishAt: moved });
  await advanceTo(moved);
  expect(store.published("moved")).toBe(true);
  expect(rebuilds).toEqual([{ documents: ["moved"], at: moved }]);
});

test("moved earlier: noticed within one poll and carried out then, never before the new instant", async () => {
  store.save("sooner", { publishAt: stamp(T0 + 10 * MINUTE) });
  start();
  await advanceTo(T0 + 30 * SECOND);
  const sooner = T0 + 35 * SECOND;
  store.save("sooner", { publishAt: stamp(sooner) });
  await advanceTo(sooner - 1);
  expect(store.published("sooner")).toBe(false);
  await advanceTo(sooner + POLL_MS);
  expect(rebuilds).toHaveLength(1);
  expect(rebuilds[0]!.at).toBeGreaterThanOrEqual(sooner);
});

test("cancelled: a schedule cleared before it fires never fires, and the status stops saying scheduled", async () => {
  const at = T0 + MINUTE;
  store.save("cancelled", { publishAt: stamp(at) });
  start();
  await advanceTo(at - 2 * SECOND);
  expect(store.status.get("cancelled")).toMatchObject({ state: "scheduled" });
  store.save("cancelled", {}); // saved again without publishAt
  await advanceTo(at + 5 * MINUTE);
  expect(store.published("cancelled")).toBe(false);
  expect(rebuilds).toEqual([]);
  expect(store.status.get("cancelled")).toMatchObject({ state: "not-published" });
  expect(store.status.get("cancelled")).not.toHaveProperty("publishAt");
});

test("due during a restart: carried out as soon as the service is back", async () => {
  const at = T0 + MINUTE;
  store.save("while-down", { publishAt: stamp(at) });
  start();
  await advanceTo(at - 10 * SECOND);
  await timer!.stop();
  timer = null;
  await advanceTo(at + 4 * MINUTE); // the service is down at the instant
  expect(store.published("while-down")).toBe(false);
  start();
  await advanceTo(Date.now()); // only what runs at once on start
  expect(store.published("while-down")).toBe(true);
  expect(rebuilds).toEqual([{ documents: ["while-down"], at: at + 4 * MINUTE }]);
});

test("two at the same instant on the timer: one rebuild", async () => {
  const at = T0 + MINUTE;
  store.save("a", { publishAt: stamp(at) });
  store.save("b", { publishAt: stamp(at) });
  start();
  await advanceTo(at + MINUTE);
  expect(rebuilds).toEqual([{ documents: ["a", "b"], at }]);
});

test("a time already past publishes at once", async () => {
  store.save("past", { publishAt: stamp(T0 - 3 * 24 * 60 * MINUTE) });
  start();
  await advanceTo(T0);
  expect(store.published("past")).toBe(true);
  expect(rebuilds).toEqual([{ documents: ["past"], at: T0 }]);
  // Dated when it went out, as by hand, not three days back.
  expect(instantOf(store.meta.get("past")!.lastUpdate)).toBe(T0);
});

test("unpublish: a published article comes down at its instant, and the plan is spent", async () => {
  const at = T0 + 2 * MINUTE;
  store.save("contest", { published: true, unpublishAt: stamp(at) });
  start();
  await advanceTo(at - 1);
  expect(store.published("contest")).toBe(true);
  expect(store.status.get("contest")).toMatchObject({ unpublishAt: at });
  await advanceTo(at);
  expect(store.meta.get("contest")).toMatchObject({ published: false });
  expect(store.blog.get("post-contest")).toMatchObject({ published: false });
  expect(store.meta.get("contest")).not.toHaveProperty("unpublishAt");
  expect(rebuilds).toEqual([{ documents: ["contest"], at }]);
  // Published again by hand later: nothing takes it down again.
  store.save("contest", { published: true });
  await advanceTo(at + 10 * MINUTE);
  expect(rebuilds).toHaveLength(1);
});

test("published by hand before its instant: the old plan does nothing when its time comes", async () => {
  const at = T0 + MINUTE;
  store.save("by-hand", { publishAt: stamp(at) });
  start();
  await advanceTo(at - 5 * SECOND);
  store.save("by-hand", { published: true, publishAt: stamp(at) });
  await advanceTo(at + MINUTE);
  expect(rebuilds).toEqual([]);
});
