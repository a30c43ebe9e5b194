import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { firestoreScheduleStore, type Candidate, type ScheduleStore } from "@kindred/publishing";

// The scheduling job's Firestore, against the emulator the integration set-up started: which
// documents its queries find, and how `apply` carries out one schedule on both documents in one
// transaction that reads the document again. The job's decisions themselves are plan.ts's and
// job.ts's tests; this is where they meet real queries, Timestamps and transactions.

const PROJECT_ID = "firestore-store-test";
const T0 = Date.UTC(2027, 1, 14, 7, 0, 0); // 14 Feb 2027, 07:00 UTC
const MINUTE = 60_000;

let app: App;
let db: Firestore;
let store: ScheduleStore;

beforeAll(() => {
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
  store = firestoreScheduleStore(db);
});

beforeEach(async () => {
  // Each test finds only what it writes.
  const response = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  expect(response.ok).toBe(true);
});

afterAll(async () => {
  await deleteApp(app);
});

const at = (ms: number) => Timestamp.fromMillis(ms);

/** An article as the editors' tool saves it: its metadata and its blog post. */
async function save(id: string, fields: Record<string, unknown>, { post = true } = {}): Promise<void> {
  await db
    .collection("blogMetaData")
    .doc(id)
    .set({
      blogId: `post-${id}`,
      title: `Title of ${id}`,
      slug: id,
      published: false,
      lastUpdate: at(T0 - 60 * MINUTE),
      ...fields,
    });
  if (post)
    await db
      .collection("blog")
      .doc(`post-${id}`)
      .set({ slug: id, published: fields.published ?? false });
}

const meta = async (id: string) => (await db.collection("blogMetaData").doc(id).get()).data();
const post = async (id: string) => (await db.collection("blog").doc(`post-${id}`).get()).data();
const byId = (candidates: Candidate[]) =>
  [...candidates].sort((a, b) => `${a.kind}${a.id}`.localeCompare(`${b.kind}${b.id}`));

describe("due", () => {
  it("finds the publishes and unpublishes due at an instant, on documents in the state they change", async () => {
    await save("due-publish", { publishAt: at(T0 - MINUTE) });
    await save("due-now", { publishAt: at(T0) });
    await save("due-unpublish", { published: true, unpublishAt: at(T0 - 2 * MINUTE) });
    await save("not-yet", { publishAt: at(T0 + MINUTE) });
    await save("already-published", { published: true, publishAt: at(T0 - MINUTE) });
    await save("already-down", { published: false, unpublishAt: at(T0 - MINUTE) });
    await save("unscheduled", { published: true });
    expect(byId(await store.due(T0))).toEqual([
      { id: "due-now", kind: "publish", at: T0, title: "Title of due-now", slug: "due-now" },
      { id: "due-publish", kind: "publish", at: T0 - MINUTE, title: "Title of due-publish", slug: "due-publish" },
      {
        id: "due-unpublish",
        kind: "unpublish",
        at: T0 - 2 * MINUTE,
        title: "Title of due-unpublish",
        slug: "due-unpublish",
      },
    ]);
  });

  it("also finds a plan saved as text, with no instant, for apply to report", async () => {
    await save("text-plan", { publishAt: "2027-02-14 07:00", title: 7 });
    const [found] = await store.due(T0);
    expect(found).toEqual({ id: "text-plan", kind: "publish", at: Number.NaN, slug: "text-plan" });
  });
});

describe("upcoming", () => {
  it("lists the schedules after an instant, earliest first, at most `limit` of each kind", async () => {
    await save("p1", { publishAt: at(T0 + 3 * MINUTE) });
    await save("p2", { publishAt: at(T0 + MINUTE) });
    await save("p3", { publishAt: at(T0 + 5 * MINUTE) });
    await save("u1", { published: true, unpublishAt: at(T0 + 2 * MINUTE) });
    await save("past", { publishAt: at(T0 - MINUTE) });
    await save("at-now", { publishAt: at(T0) });
    expect((await store.upcoming(T0, 2)).map(({ id, kind, at: when }) => [id, kind, when - T0])).toEqual([
      ["p2", "publish", MINUTE],
      ["u1", "unpublish", 2 * MINUTE],
      ["p1", "publish", 3 * MINUTE],
    ]);
  });

  it("leaves out a schedule that would change nothing", async () => {
    await save("p1", { publishAt: at(T0 + MINUTE) });
    // A publish of a published article, an unpublish of an unpublished one.
    await save("done", { published: true, publishAt: at(T0 + MINUTE) });
    await save("down", { unpublishAt: at(T0 + MINUTE) });
    expect((await store.upcoming(T0, 10)).map(({ id }) => id)).toEqual(["p1"]);
  });

  it("still finds `limit` schedules when schedules that change nothing come first", async () => {
    // Three no-op plans ahead of the real ones: a limit applied before they are dropped would hide p1 and p2.
    for (const n of [1, 2, 3]) await save(`done-${n}`, { published: true, publishAt: at(T0 + n * MINUTE) });
    for (const n of [1, 2, 3]) await save(`down-${n}`, { unpublishAt: at(T0 + n * MINUTE) });
    await save("p1", { publishAt: at(T0 + 4 * MINUTE) });
    await save("p2", { publishAt: at(T0 + 5 * MINUTE) });
    await save("p3", { publishAt: at(T0 + 6 * MINUTE) });
    await save("u1", { published: true, unpublishAt: at(T0 + 7 * MINUTE) });
    expect((await store.upcoming(T0, 2)).map(({ id }) => id)).toEqual(["p1", "p2", "u1"]);
  });
});

describe("apply", () => {
  const candidate = (id: string, kind: Candidate["kind"] = "publish"): Candidate => ({ id, kind, at: T0 });

  it("publishes both documents at once, clears the spent plan and dates the article to the moment", async () => {
    await save("valentine", { publishAt: at(T0 - MINUTE), unpublishAt: at(T0 + 60 * MINUTE) });
    expect(await store.apply(candidate("valentine"), T0)).toEqual({ applied: true });
    const after = await meta("valentine");
    expect(after).toMatchObject({ published: true, unpublishAt: at(T0 + 60 * MINUTE) });
    expect(after).not.toHaveProperty("publishAt");
    expect((after!.lastUpdate as Timestamp).toMillis()).toBe(T0);
    expect(await post("valentine")).toMatchObject({ published: true });
    // Done: the same schedule applied again changes nothing.
    expect(await store.apply(candidate("valentine"), T0 + MINUTE)).toEqual({ applied: false });
  });

  it("takes both documents down for an unpublish, keeping the article's date", async () => {
    await save("old", { published: true, unpublishAt: at(T0 - MINUTE) });
    expect(await store.apply(candidate("old", "unpublish"), T0)).toEqual({ applied: true });
    const after = await meta("old");
    expect(after).toMatchObject({ published: false, lastUpdate: at(T0 - 60 * MINUTE) });
    expect(after).not.toHaveProperty("unpublishAt");
    expect(await post("old")).toMatchObject({ published: false });
  });

  it("reads the document again: a plan moved later, cleared or done since it was found is not carried out", async () => {
    await save("moved", { publishAt: at(T0 - MINUTE) });
    const [found] = await store.due(T0);
    await db
      .collection("blogMetaData")
      .doc("moved")
      .update({ publishAt: at(T0 + 60 * MINUTE) });
    expect(await store.apply(found!, T0)).toEqual({ applied: false });
    expect(await meta("moved")).toMatchObject({ published: false, publishAt: at(T0 + 60 * MINUTE) });
    expect(await post("moved")).toMatchObject({ published: false });
  });

  it("says why a schedule cannot be carried out, and writes nothing", async () => {
    await save("text-plan", { publishAt: "2027-02-14 07:00" });
    expect(await store.apply(candidate("text-plan"), T0)).toEqual({
      applied: false,
      problem: "publishAt must be a Timestamp (an instant)",
    });
    await save("no-post", { publishAt: at(T0 - MINUTE) }, { post: false });
    expect(await store.apply(candidate("no-post"), T0)).toEqual({
      applied: false,
      problem: "blog/post-no-post does not exist",
    });
    expect(await meta("no-post")).toMatchObject({ published: false, publishAt: at(T0 - MINUTE) });
    await save("no-blog-id", { publishAt: at(T0 - MINUTE), blogId: "" });
    expect(await store.apply(candidate("no-blog-id"), T0)).toEqual({
      applied: false,
      problem: "blogId must name the article's blog document",
    });
    expect(await store.apply(candidate("never-saved"), T0)).toEqual({ applied: false });
  });

  it("marks its change as the job's, so that the Firestore trigger asks for no second build", async () => {
    await save("marked", {
      publishAt: at(T0 - MINUTE),
      version: 4,
      changedBy: { action: "scheduled" },
    });
    expect(await store.apply(candidate("marked"), T0)).toEqual({ applied: true });
    const after = await meta("marked");
    expect(after).toMatchObject({ published: true, publishedVersion: 4, changedBy: { job: "schedule" } });
    expect(after!.changedBy.at).toBeInstanceOf(Timestamp);
    // Without versions (an article saved before the editors' API), there is no version to name.
    await save("legacy", { published: true, unpublishAt: at(T0 - MINUTE) });
    expect(await store.apply(candidate("legacy", "unpublish"), T0)).toEqual({ applied: true });
    const down = await meta("legacy");
    expect(down).toMatchObject({ published: false, changedBy: { job: "schedule" } });
    expect(down).not.toHaveProperty("publishedVersion");
  });

  it("records the flip in the article's history, as an editor's action is: by the schedule", async () => {
    await save("audited", { publishAt: at(T0 - MINUTE), version: 2 });
    const history = db.collection("articleHistory").doc("audited");
    await history.set({ version: 2, unpublishedBy: { uid: "u1", email: "e@x" }, unpublishReason: "later" });
    expect(await store.apply(candidate("audited"), T0)).toEqual({ applied: true });
    const record = (await history.get()).data();
    expect(record).toMatchObject({
      publishedVersion: 2,
      lastAction: { action: "published", by: { uid: "schedule", email: "" } },
    });
    expect(record).not.toHaveProperty("unpublishedBy");
    const events = (await history.collection("events").get()).docs.map((doc) => doc.data());
    expect(events).toEqual([
      {
        action: "published",
        at: expect.any(Timestamp),
        by: { uid: "schedule", email: "" },
        version: 2,
        scheduled: true,
      },
    ]);
  });

  it("carries a schedule out once when two clocks apply it at the same time", async () => {
    await save("contended", { publishAt: at(T0 - MINUTE) });
    const outcomes = await Promise.all([
      store.apply(candidate("contended"), T0),
      store.apply(candidate("contended"), T0 + 1),
    ]);
    expect(outcomes.filter((outcome) => outcome.applied)).toHaveLength(1);
    expect(await meta("contended")).toMatchObject({ published: true });
  });
});

describe("early and holdBack", () => {
  it("finds the documents saved published with a publishAt still ahead", async () => {
    await save("too-early", { published: true, publishAt: at(T0 + MINUTE) });
    await save("scheduled", { publishAt: at(T0 + MINUTE) });
    await save("spent", { published: true, publishAt: at(T0 - MINUTE) });
    expect((await store.early(T0)).map(({ id, kind, at: when }) => [id, kind, when])).toEqual([
      ["too-early", "publish", T0 + MINUTE],
    ]);
  });

  it("makes such a document a scheduled one: both documents unpublished at once, the plan kept", async () => {
    await save("too-early", { published: true, publishAt: at(T0 + MINUTE) });
    expect(await store.holdBack("too-early", T0)).toBe(true);
    const held = await meta("too-early");
    expect(held).toMatchObject({ published: false, publishAt: at(T0 + MINUTE), changedBy: { job: "schedule" } });
    expect(await post("too-early")).toMatchObject({ published: false });
    // Read again in the transaction: once its instant has come, or once it is unpublished, nothing to do.
    expect(await store.holdBack("too-early", T0)).toBe(false);
    await save("now-due", { published: true, publishAt: at(T0 - MINUTE) });
    expect(await store.holdBack("now-due", T0)).toBe(false);
    expect(await meta("now-due")).toMatchObject({ published: true });
    expect(await store.holdBack("never-saved", T0)).toBe(false);
  });

  it("holds back the metadata even when its blog document is missing", async () => {
    await save("orphan", { published: true, publishAt: at(T0 + MINUTE) }, { post: false });
    expect(await store.holdBack("orphan", T0)).toBe(true);
    expect(await meta("orphan")).toMatchObject({ published: false });
    expect(await post("orphan")).toBeUndefined();
  });
});

describe("the editors' statuses", () => {
  it("lists the articles whose status says scheduled", async () => {
    await db.collection("articleStatus").doc("a").set({ state: "scheduled" });
    await db.collection("articleStatus").doc("b").set({ state: "live" });
    await db.collection("articleStatus").doc("c").set({ state: "scheduled" });
    expect((await store.shownScheduled()).sort()).toEqual(["a", "c"]);
  });

  it("lists the articles whose status carries an unpublishAt", async () => {
    await store.writeStatus("planned", { unpublishAt: T0 });
    await store.writeStatus("plain", { state: "live" });
    await store.writeStatus("cleared", { unpublishAt: T0 });
    await store.writeStatus("cleared", { unpublishAt: null });
    expect(await store.shownUnpublishPlanned()).toEqual(["planned"]);
  });

  it("writes instants as Timestamps, deletes what is null, and keeps a state it may not replace", async () => {
    await store.writeStatus("a", { state: "scheduled", publishAt: T0, title: "Valentine", scheduleError: null });
    const written = (await db.collection("articleStatus").doc("a").get()).data()!;
    expect(written).toMatchObject({ state: "scheduled", title: "Valentine", publishAt: at(T0) });
    expect(written.updatedAt).toBeInstanceOf(Timestamp);
    expect(written).not.toHaveProperty("scheduleError");

    await store.writeStatus("a", { state: "queued", publishAt: null, buildId: "b1", over: ["scheduled"] });
    const queued = (await db.collection("articleStatus").doc("a").get()).data()!;
    expect(queued).toMatchObject({ state: "queued", buildId: "b1", title: "Valentine" });
    expect(queued).not.toHaveProperty("publishAt");

    // The build has said live since: the job's late "failed" must not hide it.
    await db.collection("articleStatus").doc("a").update({ state: "live" });
    await store.writeStatus("a", { state: "failed", scheduleError: "x", over: ["scheduled"] });
    expect((await db.collection("articleStatus").doc("a").get()).data()).toMatchObject({
      state: "live",
      scheduleError: "x",
    });
  });

  it("reads a document as it is now, and nothing for one that is gone", async () => {
    await save("a", { publishAt: at(T0) });
    expect(await store.read("a")).toMatchObject({ slug: "a", publishAt: at(T0) });
    expect(await store.read("gone")).toBeUndefined();
  });
});
