import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { firestoreScheduleStore, scheduledStatus, writeArticleStatus } from "@kindred/publishing";

// The one articleStatus writer against the emulator, in the order the job and the builds write:
// what one article's status reads after each, when the two writers' writes interleave.

const PROJECT_ID = "article-status-writer-test";
const MINUTE = 60_000;

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

const status = async (id: string) => (await db.collection("articleStatus").doc(id).get()).data();

test("a scheduled article published by hand, then unpublished, reads not-published with no plan", async () => {
  // The job showed the plan; the editor then published by hand before the instant, and a build said
  // live before the job ran again (so the job, which clears only a status saying scheduled, never did).
  const at = Date.now() + 2 * MINUTE;
  await firestoreScheduleStore(db).writeStatus("by-hand", scheduledStatus(at, { title: "By hand", slug: "by-hand" }));
  await writeArticleStatus(db, "by-hand", { state: "building", buildId: "b1" });
  await writeArticleStatus(db, "by-hand", { state: "live", buildId: "b1", url: "https://x/blogarticle/by-hand" });
  expect(await status("by-hand")).not.toHaveProperty("publishAt");

  await writeArticleStatus(db, "by-hand", { state: "not-published", buildId: "b2", reasons: [] });
  const after = await status("by-hand");
  expect(after).toMatchObject({ state: "not-published", buildId: "b2" });
  expect(after).not.toHaveProperty("publishAt");
});

test("a stale plan left on a status does not make a later unpublish read scheduled", async () => {
  // A status written before this fix: live, with the spent plan's instant still on it.
  const at = Date.now() - MINUTE;
  await firestoreScheduleStore(db).writeStatus("stale", scheduledStatus(at, {}));
  await db.collection("articleStatus").doc("stale").update({ state: "live" });
  await writeArticleStatus(db, "stale", { state: "not-published", reasons: [] });
  expect(await status("stale")).toMatchObject({ state: "not-published" });
});

test("a build's not-published of an article still scheduled ahead keeps reading scheduled", async () => {
  const at = Date.now() + 10 * MINUTE;
  await firestoreScheduleStore(db).writeStatus("ahead", scheduledStatus(at, { title: "Ahead" }));
  await writeArticleStatus(db, "ahead", { state: "not-published", reasons: [] });
  expect(await status("ahead")).toMatchObject({ state: "scheduled", title: "Ahead" });
});
