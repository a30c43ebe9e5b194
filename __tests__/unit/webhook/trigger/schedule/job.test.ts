/** @jest-environment node */
import {
  changeFor,
  FIELD_OF,
  instantOf,
  runScheduleJob,
  type Candidate,
  type ScheduleKind,
  type ScheduleStore,
  type StatusUpdate,
} from "@kindred/publishing";
import { runMinute } from "../../../../../webhook/trigger/src/schedule/function.ts";
import { startScheduleTimer, type ScheduleTimer } from "../../../../../webhook/lib/schedule/timer.ts";

// The scheduling job and the service's timer on a fake clock (Jest's timers and Date). Firestore is
// a map here, changed through the same plan.ts decisions the Firestore store uses in its
// transactions; the store itself meets the real emulator in integration/webhook-schedule.test.ts.
const T0 = Date.UTC(2027, 1, 14, 6, 59, 0); // 14 Feb 2027, 06:59 UTC
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const POLL_MS = 10 * SECOND;

const stamp = (ms: number) => ({ toMillis: () => ms });
type Doc = Record<string, unknown>;

class MapStore implements ScheduleStore {
  meta = new Map<string, Doc>();
  blog = new Map<string, Doc>();
  status = new Map<string, Record<string, unknown>>();

  private scan(kind: ScheduleKind, keep: (at: number, data: Doc) => boolean): Candidate[] {
    return [...this.meta].flatMap(([id, data]) => {
      const raw = data[FIELD_OF[kind]];
      if (raw === undefined) return [];
      // As a range query on strings finds a plan saved as text: found, for apply to refuse.
      const at = instantOf(raw) ?? Number.NaN;
      return keep(at, data) ? [{ id, kind, at }] : [];
    });
  }
  // More than is due, on purpose: whether to act is for the job's re-read (plan.ts) to decide.
  async due() {
    return (["publish", "unpublish"] as const).flatMap((kind) => this.scan(kind, () => true));
  }
  async upcoming(now: number) {
    return (["publish", "unpublish"] as const)
      .flatMap((kind) => this.scan(kind, (at, data) => at > now && data.published === (kind === "unpublish")))
      .sort((a, b) => a.at - b.at);
  }
  async apply(candidate: Candidate, now: number) {
    const data = this.meta.get(candidate.id);
    const change = changeFor(candidate.kind, data, now);
    if (!("blogId" in change)) return { applied: false as const, ...change };
    const post = this.blog.get(change.blogId);
    if (!post) return { applied: false as const, problem: `blog/${change.blogId} does not exist` };
    const next: Doc = { ...data, published: change.published };
    delete next[change.clear];
    if (change.lastUpdate !== undefined) next.lastUpdate = stamp(change.lastUpdate);
    this.meta.set(candidate.id, next);
    this.blog.set(change.blogId, { ...post, published: change.published });
    return { applied: true as const };
  }
  async shownScheduled() {
    return [...this.status].filter(([, fields]) => fields.state === "scheduled").map(([id]) => id);
  }
  async read(id: string) {
    return this.meta.get(id);
  }
  async writeStatus(id: string, update: StatusUpdate) {
    const fields = { ...this.status.get(id) };
    for (const [key, value] of Object.entries(update)) {
      if (value === null) delete fields[key];
      else if (value !== undefined) fields[key] = value;
    }
    this.status.set(id, fields);
  }
  /** An editor saves an article: metadata and its blog post. */
  save(id: string, fields: Doc): void {
    this.meta.set(id, { blogId: `post-${id}`, title: `Title ${id}`, slug: id, published: false, ...fields });
    if (!this.blog.has(`post-${id}`)) this.blog.set(`post-${id}`, { slug: id, published: fields.published ?? false });
  }
  published(id: string): boolean {
    return this.meta.get(id)?.published === true && this.blog.get(`post-${id}`)?.published === true;
  }
}

let store: MapStore;
let rebuilds: { documents: string[]; at: number }[];
let timer: ScheduleTimer | null;

const requestRebuild = async (documents: string[]): Promise<string> => {
  rebuilds.push({ documents: [...documents].sort(), at: Date.now() });
  return `build-${rebuilds.length}`;
};

const start = (): void => {
  timer = startScheduleTimer({
    pollMs: POLL_MS,
    run: (now) => runScheduleJob({ store, now, requestRebuild }),
  });
};

/** Advances the fake clock to `at`, running every timer due on the way and the promises they start. */
const advanceTo = (at: number): Promise<void> => jest.advanceTimersByTimeAsync(at - Date.now());

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  store = new MapStore();
  rebuilds = [];
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

test("two in one minute: both out in a single rebuild when a run finds them due together", async () => {
  const at = T0 + MINUTE;
  store.save("first", { publishAt: stamp(at) });
  store.save("second", { publishAt: stamp(at) });
  store.save("third", { publishAt: stamp(at + 20 * SECOND) });
  const result = await runScheduleJob({ store, now: at + 30 * SECOND, requestRebuild });
  expect(result.published.sort()).toEqual(["first", "second", "third"]);
  expect(rebuilds).toEqual([{ documents: ["first", "second", "third"], at: T0 }]);
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

test("published by hand before its instant: the old plan does nothing when its time comes", async () => {
  const at = T0 + MINUTE;
  store.save("by-hand", { publishAt: stamp(at) });
  start();
  await advanceTo(at - 5 * SECOND);
  store.save("by-hand", { published: true, publishAt: stamp(at) });
  await advanceTo(at + MINUTE);
  expect(rebuilds).toEqual([]);
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

test("the Cloud Function's minute carries out each instant of the minute ahead at that instant", async () => {
  store.save("at-10", { publishAt: stamp(T0 + 10 * SECOND) });
  store.save("at-40", { publishAt: stamp(T0 + 40 * SECOND) });
  store.save("next-minute", { publishAt: stamp(T0 + 70 * SECOND) });
  const done = runMinute({ store, requestRebuild });
  await advanceTo(T0 + MINUTE);
  const results = await done;
  expect(results.flatMap((result) => result.published)).toEqual(["at-10", "at-40"]);
  expect(rebuilds).toEqual([
    { documents: ["at-10"], at: T0 + 10 * SECOND },
    { documents: ["at-40"], at: T0 + 40 * SECOND },
  ]);
  expect(store.published("next-minute")).toBe(false);
});
