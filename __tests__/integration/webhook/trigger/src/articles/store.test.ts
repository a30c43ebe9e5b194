import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type Firestore } from "firebase-admin/firestore";
import { HttpsError } from "firebase-functions/v2/https";
import {
  publishArticle,
  restoreArticleVersion,
  saveArticle,
  scheduleArticle,
  unpublishArticle,
} from "../../../../../../webhook/trigger/src/articles/store";

// The editors' API's transactions against the real Firestore emulator: what each action writes to
// an article's two documents and its history, and what it refuses. Who may call is the callables'
// test (editors-api.test.ts, with the Auth and Functions emulators).

const PROJECT_ID = "articles-store-test";
const ANA = { uid: "ana-uid", email: "ana@example.com" };
const BEN = { uid: "ben-uid", email: "ben@example.com" };
const HOUR = 3_600_000;

let app: App;
let db: Firestore;

beforeAll(() => {
  app = initializeApp({ projectId: PROJECT_ID }, PROJECT_ID);
  db = getFirestore(app);
});

beforeEach(async () => {
  const response = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  expect(response.ok).toBe(true);
});

afterAll(async () => {
  await deleteApp(app);
});

const body = (text: string) => ({ time: 1, version: "2.31.0", blocks: [{ type: "paragraph", data: { text } }] });
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: "Plan a relaxed first date",
  slug: "plan-a-relaxed-first-date",
  categories: ["First Dates"],
  featureImage: "https://firebasestorage.googleapis.com/v0/b/demo/o/cover.webp",
  content: body("Hello"),
  ...overrides,
});

const meta = async (id: string) => (await db.collection("blogMetaData").doc(id).get()).data() ?? {};
const blog = async (id: string) => (await db.collection("blog").doc(id).get()).data() ?? {};
const historyDoc = async (id: string) => (await db.collection("articleHistory").doc(id).get()).data() ?? {};
const versions = async (id: string) =>
  (await db.collection("articleHistory").doc(id).collection("versions").get()).docs.map((doc) => ({
    id: doc.id,
    ...doc.data(),
  }));
const events = async (id: string) =>
  (await db.collection("articleHistory").doc(id).collection("events").orderBy("at").get()).docs.map((doc) =>
    doc.data(),
  );

/** The HttpsError a promise rejects with: its code, message and details. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpsError)) throw new Error(`Expected an HttpsError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}

describe("saveArticle", () => {
  it("makes a new article: version 1, its history, and both documents as a draft", async () => {
    const { id, version, blocksLeftOut } = await saveArticle(db, ANA, draft());
    expect(version).toBe(1);
    expect(blocksLeftOut).toEqual([]);
    const saved = await meta(id);
    expect(saved).toMatchObject({ ...draft(), blogId: id, published: false, version: 1 });
    expect(await historyDoc(id)).toMatchObject({ version: 1, savedBy: ANA, lastAction: { action: "saved", by: ANA } });
    expect(saved.lastUpdate).toBeInstanceOf(Timestamp);
    expect(await blog(id)).toMatchObject({ ...draft(), published: false });
    expect(await versions(id)).toEqual([
      expect.objectContaining({ id: "1", version: 1, savedBy: ANA, ...draft(), savedAt: expect.any(Timestamp) }),
    ]);
    expect(await events(id)).toEqual([{ action: "saved", at: expect.any(Timestamp), by: ANA, version: 1 }]);
  });

  it("refuses what the build would skip, every field at once, and writes nothing", async () => {
    const refused = await refusal(saveArticle(db, ANA, draft({ title: "", slug: "Not a slug" })));
    expect(refused.code).toBe("invalid-argument");
    expect((refused.details as { reasons: { field: string; rule: string }[] }).reasons.map((r) => r.field)).toEqual([
      "title",
      "slug",
    ]);
    expect((await db.collection("blogMetaData").get()).size).toBe(0);
    expect((await db.collectionGroup("versions").get()).size).toBe(0);
  });

  it("saves blocks the build would leave out, and names them", async () => {
    const content = {
      blocks: [
        { type: "paragraph", data: { text: "Kept" } },
        { type: "hologram", data: {} },
      ],
    };
    const { id, blocksLeftOut } = await saveArticle(db, ANA, draft({ content }));
    expect(blocksLeftOut).toEqual([
      expect.objectContaining({ document: `blogMetaData/${id}`, block: 1, type: "hologram" }),
    ]);
    expect((await meta(id)).content).toEqual(content);
  });

  it("refuses a slug another article has", async () => {
    await saveArticle(db, ANA, draft());
    const refused = await refusal(saveArticle(db, BEN, draft({ title: "Another" })));
    expect(refused.code).toBe("invalid-argument");
    expect(refused.details).toEqual({
      reasons: [
        expect.objectContaining({ field: "slug", rule: expect.stringMatching(/is already used by blogMetaData\//) }),
      ],
    });
  });

  it("refuses a save on an older version with failed-precondition and the newest version", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    await saveArticle(db, ANA, { ...draft({ title: "Second" }), id, baseVersion: 1 });
    const stale = await refusal(saveArticle(db, BEN, { ...draft({ title: "Ben's" }), id, baseVersion: 1 }));
    expect(stale).toMatchObject({ code: "failed-precondition", details: { version: 2 } });
    const blind = await refusal(saveArticle(db, BEN, { ...draft({ title: "Ben's" }), id }));
    expect(blind).toMatchObject({ code: "failed-precondition", details: { version: 2 } });
    expect((await meta(id)).title).toBe("Second");
  });

  it("lets exactly one of two saves on the same base win", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    const outcomes = await Promise.allSettled([
      saveArticle(db, ANA, { ...draft({ title: "From the first tab" }), id, baseVersion: 1 }),
      saveArticle(db, BEN, { ...draft({ title: "From Ben" }), id, baseVersion: 1 }),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      code: "failed-precondition",
      details: { version: 2 },
    });
    expect((await versions(id)).map((v) => v.id).sort()).toEqual(["1", "2"]);
  });

  it("refuses an unknown id", async () => {
    expect((await refusal(saveArticle(db, ANA, { ...draft(), id: "nobody", baseVersion: 0 }))).code).toBe("not-found");
  });
});

describe("publishArticle and saves of a live article", () => {
  it("puts the newest version on the site, and later saves wait for the next publish", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    expect(await publishArticle(db, BEN, { id })).toMatchObject({ id, version: 1 });
    expect(await meta(id)).toMatchObject({ published: true, publishedVersion: 1, title: draft().title });
    expect(await blog(id)).toMatchObject({ published: true, title: draft().title });

    await saveArticle(db, ANA, { ...draft({ title: "A better title" }), id, baseVersion: 1 });
    const live = await meta(id);
    expect(live).toMatchObject({ title: draft().title, version: 2, publishedVersion: 1, published: true });
    expect((await blog(id)).title).toBe(draft().title);

    await publishArticle(db, ANA, { id });
    expect(await meta(id)).toMatchObject({ title: "A better title", publishedVersion: 2 });
    expect((await meta(id)).updatedOn).toBeInstanceOf(Timestamp);
    expect((await blog(id)).title).toBe("A better title");
    expect((await events(id)).map((event) => [event.action, event.by.email, event.version])).toEqual([
      ["saved", ANA.email, 1],
      ["published", BEN.email, 1],
      ["saved", ANA.email, 2],
      ["published", ANA.email, 2],
    ]);
  });

  it("with keepPlace, a new version of a live article keeps its place: lastUpdate stays, updatedOn is now", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    await publishArticle(db, ANA, { id });
    const place = (await meta(id)).lastUpdate as Timestamp;
    await saveArticle(db, ANA, { ...draft({ content: body("Hello again") }), id, baseVersion: 1 });
    expect(await publishArticle(db, BEN, { id, keepPlace: true })).toMatchObject({ id, version: 2, changed: true });
    for (const data of [await meta(id), await blog(id)]) {
      expect(data.lastUpdate).toEqual(place);
      expect(data.updatedOn).toBeInstanceOf(Timestamp);
      expect((data.updatedOn as Timestamp).toMillis()).toBeGreaterThan(place.toMillis());
      expect(data.content).toEqual(body("Hello again"));
    }
    expect((await events(id)).at(-1)).toMatchObject({ action: "published", version: 2, keptPlace: true });

    // Without it, the next version goes to the top, as always.
    await saveArticle(db, ANA, { ...draft({ content: body("Third") }), id, baseVersion: 2 });
    await publishArticle(db, ANA, { id, keepPlace: false });
    expect(((await meta(id)).lastUpdate as Timestamp).toMillis()).toBeGreaterThan(place.toMillis());
    expect((await events(id)).at(-1)).not.toHaveProperty("keptPlace");
  });

  it("keepPlace is refused for an article that is not live, and must be true or false", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    const notLive = await refusal(publishArticle(db, ANA, { id, keepPlace: true }));
    expect(notLive.code).toBe("failed-precondition");
    expect(notLive.message).toMatch(/not live, so publishing puts it at the top/);
    expect((await meta(id)).published).toBe(false);
    expect((await refusal(publishArticle(db, ANA, { id, keepPlace: "yes" }))).code).toBe("invalid-argument");
    expect((await events(id)).map((event) => event.action)).toEqual(["saved"]);
  });

  it("keeps what an article written before history looked like as version 1", async () => {
    const old = {
      ...draft(),
      blogId: "post-old",
      published: true,
      lastUpdate: Timestamp.fromMillis(Date.UTC(2024, 0, 1)),
    };
    await db.collection("blogMetaData").doc("old").set(old);
    await db.collection("blog").doc("post-old").set(old);
    const saved = await saveArticle(db, ANA, { ...draft({ title: "Edited" }), id: "old", baseVersion: 0 });
    expect(saved.version).toBe(2);
    expect(await versions("old")).toEqual([
      expect.objectContaining({ id: "1", imported: true, title: draft().title }),
      expect.objectContaining({ id: "2", title: "Edited", savedBy: ANA }),
    ]);
    await publishArticle(db, ANA, { id: "old" });
    expect((await blog("post-old")).title).toBe("Edited");
  });

  it("refuses to publish a version the build would skip", async () => {
    await db
      .collection("blogMetaData")
      .doc("broken")
      .set({ ...draft({ slug: "" }), blogId: "broken", published: false });
    expect((await refusal(publishArticle(db, ANA, { id: "broken" }))).code).toBe("invalid-argument");
  });
});

describe("what visitors can read", () => {
  it("a live article's documents name no editor: who saved, published or took it down is in its history", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    await publishArticle(db, BEN, { id });
    await saveArticle(db, ANA, { ...draft({ title: "Newer" }), id, baseVersion: 1 });
    for (const data of [await meta(id), await blog(id)]) {
      const text = JSON.stringify(data);
      expect(text).not.toContain(ANA.email);
      expect(text).not.toContain(BEN.email);
      expect(text).not.toContain(ANA.uid);
    }
    expect(await historyDoc(id)).toMatchObject({ version: 2, savedBy: ANA, publishedVersion: 1 });
  });

  it("publishing what is live already writes nothing and says so", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    expect((await publishArticle(db, ANA, { id })).changed).toBe(true);
    expect((await publishArticle(db, ANA, { id })).changed).toBe(false);
    expect((await events(id)).map((event) => event.action)).toEqual(["saved", "published"]);
  });
});

describe("unpublishArticle", () => {
  it("takes a live article off both documents, says who and why, and cancels its plans", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    await publishArticle(db, ANA, { id });
    await scheduleArticle(db, ANA, { id, unpublishAt: new Date(Date.now() + HOUR).toISOString() });
    const done = await unpublishArticle(db, BEN, { id, reason: "Legal asked" });
    expect(done).toMatchObject({ id, wasLive: true, slug: draft().slug, reason: "Legal asked" });
    const after = await meta(id);
    expect(after).toMatchObject({ published: false, changedBy: { action: "unpublished" } });
    expect(await historyDoc(id)).toMatchObject({ unpublishedBy: BEN, unpublishReason: "Legal asked" });
    expect(after.unpublishAt).toBeUndefined();
    expect((await blog(id)).published).toBe(false);
    expect((await events(id)).at(-1)).toMatchObject({ action: "unpublished", by: BEN, reason: "Legal asked" });
  });

  it("refuses an article that is neither live nor scheduled", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    expect((await refusal(unpublishArticle(db, ANA, { id }))).code).toBe("failed-precondition");
  });
});

describe("scheduleArticle", () => {
  it("plans a draft's publication on both documents, and null cancels it", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    const at = new Date(Date.now() + HOUR);
    await scheduleArticle(db, ANA, { id, publishAt: at.toISOString() });
    expect(((await meta(id)).publishAt as Timestamp).toMillis()).toBe(at.getTime());
    expect(((await blog(id)).publishAt as Timestamp).toMillis()).toBe(at.getTime());
    expect((await meta(id)).published).toBe(false);

    await scheduleArticle(db, BEN, { id, publishAt: null });
    expect((await meta(id)).publishAt).toBeUndefined();
    expect((await events(id)).slice(-2).map((event) => [event.action, event.by.uid])).toEqual([
      ["scheduled", ANA.uid],
      ["schedule-cancelled", BEN.uid],
    ]);
  });

  it.each([
    ["a time that has passed", { publishAt: "2020-01-01T00:00:00Z" }, "invalid-argument"],
    ["a time without its offset", { publishAt: "2031-01-01T09:00:00" }, "invalid-argument"],
    ["nothing to plan", {}, "invalid-argument"],
    [
      "an end before the start",
      { publishAt: "2031-01-02T00:00:00Z", unpublishAt: "2031-01-01T00:00:00Z" },
      "invalid-argument",
    ],
    ["an end for an article neither live nor planned", { unpublishAt: "2031-01-01T00:00:00Z" }, "failed-precondition"],
  ])("refuses %s", async (_case, plan, code) => {
    const { id } = await saveArticle(db, ANA, draft());
    expect((await refusal(scheduleArticle(db, ANA, { id, ...plan }))).code).toBe(code);
  });

  it("adopts an article written before history when it plans it, so later saves find its version", async () => {
    const old = {
      ...draft(),
      blogId: "post-old",
      published: false,
      lastUpdate: Timestamp.fromMillis(Date.UTC(2024, 0, 1)),
    };
    await db.collection("blogMetaData").doc("old").set(old);
    await db.collection("blog").doc("post-old").set(old);
    await scheduleArticle(db, ANA, { id: "old", publishAt: new Date(Date.now() + HOUR).toISOString() });
    expect((await meta("old")).version).toBe(1);
    expect((await saveArticle(db, ANA, { ...draft({ title: "Edited" }), id: "old", baseVersion: 1 })).version).toBe(2);
  });

  it("refuses to plan the publication of a live article", async () => {
    const { id } = await saveArticle(db, ANA, draft());
    await publishArticle(db, ANA, { id });
    const refused = await refusal(scheduleArticle(db, ANA, { id, publishAt: "2031-01-01T00:00:00Z" }));
    expect(refused.code).toBe("failed-precondition");
  });
});

describe("restoreArticleVersion", () => {
  it("makes an old version the newest, leaving a live article's page as it is until published", async () => {
    const { id } = await saveArticle(db, ANA, draft({ title: "First" }));
    await publishArticle(db, ANA, { id });
    await saveArticle(db, ANA, { ...draft({ title: "Second" }), id, baseVersion: 1 });
    expect(await restoreArticleVersion(db, BEN, { id, version: 1 })).toEqual({ id, version: 3 });
    expect((await versions(id)).find((v) => v.id === "3")).toMatchObject({ title: "First", savedBy: BEN });
    expect((await events(id)).at(-1)).toMatchObject({ action: "restored", version: 3, restoredFrom: 1, by: BEN });
    expect(await meta(id)).toMatchObject({ title: "First", publishedVersion: 1, version: 3 });
    expect((await refusal(restoreArticleVersion(db, BEN, { id, version: 9 }))).code).toBe("not-found");
  });
});
