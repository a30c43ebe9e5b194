import http from "node:http";
import type { AddressInfo } from "node:net";
import functionsTest from "firebase-functions-test";
import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, Timestamp, type DocumentSnapshot, type Firestore } from "firebase-admin/firestore";
import { firestoreScheduleStore, runScheduleJob } from "@kindred/publishing";
import { requestRebuild, requestRebuildForPost } from "../../../../../webhook/trigger/src/index.ts";

// The Firestore triggers against the emulator, fed the very snapshots Firestore holds before and after
// each write (as the functions runtime feeds them): what the editors' status says at once, what a
// document published too early becomes, and how many rebuilds each write asks for, the scheduling
// job's flips included. The rebuild service is a stand-in that counts the signed requests.

const PROJECT_ID = "trigger-writes-test";
const MINUTE = 60_000;
const WINDOW_MS = 100;

// The functions read their params from the environment when an event arrives, and make the default
// Admin app (for this emulator's project) on the first event that needs Firestore.
process.env.GCLOUD_PROJECT = PROJECT_ID;
process.env.REBUILD_SECRET = "trigger-writes-secret";
process.env.REBUILD_DEBOUNCE_MS = String(WINDOW_MS);
process.env.REBUILD_RETRY_BASE_MS = "25";

const testEnv = functionsTest();
const onMeta = testEnv.wrap(requestRebuild);
const onPost = testEnv.wrap(requestRebuildForPost);

const requested: string[][] = [];
let server: http.Server;
let app: App;
let db: Firestore;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requested.push((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { documents: string[] }).documents);
      res.writeHead(202, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.REBUILD_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rebuild`;
  app = getApps().find((candidate) => candidate.name === "[DEFAULT]") ?? initializeApp({ projectId: PROJECT_ID });
  db = getFirestore(app);
});

beforeEach(async () => {
  requested.length = 0;
  const response = await fetch(
    `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
    { method: "DELETE" },
  );
  expect(response.ok).toBe(true);
});

afterAll(async () => {
  testEnv.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

const metaRef = (id: string) => db.collection("blogMetaData").doc(id);
const postRef = (id: string) => db.collection("blog").doc(`post-${id}`);
const status = async (id: string) => (await db.collection("articleStatus").doc(id).get()).data();

/** An article's two documents, as the editors' tool saves them. */
const article = (id: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  blogId: `post-${id}`,
  title: `Title of ${id}`,
  slug: id,
  categories: ["Dating"],
  featureImage: "https://images.invalid/cover.webp",
  lastUpdate: Timestamp.fromMillis(Date.now() - 60 * MINUTE),
  content: { time: 1, version: "2.31.0", blocks: [] },
  published: false,
  ...fields,
});

/** The article's blog post: the same fields but `blogId`. */
const post = (id: string, fields: Record<string, unknown> = {}): Record<string, unknown> => {
  const { blogId: _blogId, ...rest } = article(id, fields);
  return rest;
};

/** Runs `change` on Firestore and hands the trigger of `ref` the document as it was before and after it. */
async function written(
  ref: FirebaseFirestore.DocumentReference,
  change: () => Promise<unknown>,
): Promise<{ before: DocumentSnapshot; after: DocumentSnapshot }> {
  const before = await ref.get();
  await change();
  return { before, after: await ref.get() };
}

const fire = async (id: string, change: () => Promise<unknown>): Promise<void> => {
  const { before, after } = await written(metaRef(id), change);
  await onMeta({ data: testEnv.makeChange(before, after), params: { id } });
};

describe("the editors' status of a plan, at once", () => {
  it("says scheduled, with the instant, as soon as a publishAt is set on an unpublished article", async () => {
    await metaRef("valentine").set(article("valentine"));
    const at = Date.now() + 30 * MINUTE;
    const started = Date.now();
    await fire("valentine", () => metaRef("valentine").update({ publishAt: Timestamp.fromMillis(at) }));
    const shown = await status("valentine");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(shown).toMatchObject({
      state: "scheduled",
      publishAt: Timestamp.fromMillis(at),
      title: "Title of valentine",
    });
    // Unpublished before and after: nothing visitors see changed.
    expect(requested).toEqual([]);
  });

  it("follows a plan moved, then cleared", async () => {
    const at = Date.now() + 30 * MINUTE;
    await metaRef("moved").set(article("moved", { publishAt: Timestamp.fromMillis(at) }));
    await fire("moved", () => metaRef("moved").update({ publishAt: Timestamp.fromMillis(at + MINUTE) }));
    expect(await status("moved")).toMatchObject({ state: "scheduled", publishAt: Timestamp.fromMillis(at + MINUTE) });
    await fire("moved", () => metaRef("moved").update({ publishAt: null }));
    const cleared = await status("moved");
    expect(cleared).toMatchObject({ state: "not-published" });
    expect(cleared).not.toHaveProperty("publishAt");
  });
});

describe("an article saved published with its publishAt ahead", () => {
  it("becomes a scheduled one at once: both documents unpublished, the plan kept, the status scheduled", async () => {
    const at = Date.now() + 30 * MINUTE;
    await postRef("too-early").set(post("too-early"));
    await fire("too-early", () =>
      metaRef("too-early").set(article("too-early", { published: true, publishAt: Timestamp.fromMillis(at) })),
    );
    expect((await metaRef("too-early").get()).data()).toMatchObject({
      published: false,
      publishAt: Timestamp.fromMillis(at),
    });
    expect((await postRef("too-early").get()).data()).toMatchObject({ published: false });
    expect(await status("too-early")).toMatchObject({ state: "scheduled", publishAt: Timestamp.fromMillis(at) });
    // A draft before, held back after: nothing to build.
    expect(requested).toEqual([]);
  });

  it("taken off the site when it was live: one rebuild, and the status says scheduled", async () => {
    const at = Date.now() + 30 * MINUTE;
    await postRef("rescheduled").set(post("rescheduled", { published: true }));
    await metaRef("rescheduled").set(article("rescheduled", { published: true }));
    await fire("rescheduled", () => metaRef("rescheduled").update({ publishAt: Timestamp.fromMillis(at) }));
    expect((await metaRef("rescheduled").get()).data()).toMatchObject({ published: false });
    expect((await postRef("rescheduled").get()).data()).toMatchObject({ published: false });
    expect(await status("rescheduled")).toMatchObject({ state: "scheduled" });
    expect(requested).toEqual([["rescheduled"]]);
  });
});

describe("one build per scheduled flip", () => {
  it("asks for none from either trigger when the job publishes: the job's own request is the one", async () => {
    const at = Date.now() - 1000;
    await postRef("flip").set(post("flip"));
    await metaRef("flip").set(article("flip", { publishAt: Timestamp.fromMillis(at), version: 2 }));
    const metaBefore = await metaRef("flip").get();
    const postBefore = await postRef("flip").get();
    const jobRebuilds: string[][] = [];
    const result = await runScheduleJob({
      store: firestoreScheduleStore(db),
      now: Date.now(),
      requestRebuild: async (documents) => {
        jobRebuilds.push(documents);
        return undefined;
      },
    });
    expect(result.published).toEqual(["flip"]);
    const metaAfter = await metaRef("flip").get();
    expect(metaAfter.data()).toMatchObject({ published: true, publishedVersion: 2, changedBy: { job: "schedule" } });
    // The two events the job's one transaction raises.
    await onMeta({ data: testEnv.makeChange(metaBefore, metaAfter), params: { id: "flip" } });
    await onPost({ data: testEnv.makeChange(postBefore, await postRef("flip").get()), params: { id: "post-flip" } });
    expect(jobRebuilds).toEqual([["flip"]]);
    expect(requested).toEqual([]);

    // A later edit by anyone else, which leaves the job's mark in place, is built as usual.
    await fire("flip", () => metaRef("flip").update({ title: "Retitled" }));
    expect(requested).toEqual([["flip"]]);
  });
});

describe("the metadata alone taken down", () => {
  it("takes its blog post down too, so no client query reads the article's text, with one rebuild", async () => {
    await postRef("alone").set(post("alone", { published: true }));
    await metaRef("alone").set(article("alone", { published: true }));
    await fire("alone", () => metaRef("alone").update({ published: false }));
    expect((await postRef("alone").get()).data()).toMatchObject({ published: false });
    expect(requested).toEqual([["alone"]]);
  });

  it("leaves the post published while another published article shows it", async () => {
    await postRef("kept").set(post("kept", { published: true }));
    await metaRef("kept").set(article("kept", { published: true }));
    await metaRef("kept-twin").set(article("kept-twin", { blogId: "post-kept", published: true }));
    await fire("kept", () => metaRef("kept").update({ published: false }));
    expect((await postRef("kept").get()).data()).toMatchObject({ published: true });
  });
});

describe("the blog post's trigger", () => {
  it("asks for a rebuild naming the articles that show a post changed alone", async () => {
    await postRef("shared").set(post("shared", { published: true }));
    await metaRef("shared").set(article("shared", { published: true }));
    // Another article, unpublished, naming the same post: visitors do not see it, so it is not named.
    await metaRef("shared-draft").set(article("shared-draft", { blogId: "post-shared" }));
    const { before, after } = await written(postRef("shared"), () => postRef("shared").update({ title: "New title" }));
    await onPost({ data: testEnv.makeChange(before, after), params: { id: "post-shared" } });
    expect(requested).toEqual([["shared"]]);
  });

  it("asks for one when the post alone is unpublished, and none for a post no published article shows", async () => {
    await postRef("pulled").set(post("pulled", { published: true }));
    await metaRef("pulled").set(article("pulled", { published: true }));
    const pulled = await written(postRef("pulled"), () => postRef("pulled").update({ published: false }));
    await onPost({ data: testEnv.makeChange(pulled.before, pulled.after), params: { id: "post-pulled" } });
    expect(requested).toEqual([["pulled"]]);

    requested.length = 0;
    await postRef("orphan").set(post("orphan", { published: true }));
    const edited = await written(postRef("orphan"), () => postRef("orphan").update({ title: "Nobody sees this" }));
    await onPost({ data: testEnv.makeChange(edited.before, edited.after), params: { id: "post-orphan" } });
    expect(requested).toEqual([]);
  });

  it("leaves a write of both documents in one transaction to the metadata's trigger", async () => {
    await postRef("both").set(post("both", { published: true }));
    await metaRef("both").set(article("both", { published: true }));
    const metaBefore = await metaRef("both").get();
    const postBefore = await postRef("both").get();
    await db.runTransaction(async (transaction) => {
      transaction.update(metaRef("both"), { title: "Both", lastUpdate: Timestamp.now() });
      transaction.update(postRef("both"), { title: "Both" });
    });
    await Promise.all([
      onMeta({ data: testEnv.makeChange(metaBefore, await metaRef("both").get()), params: { id: "both" } }),
      onPost({ data: testEnv.makeChange(postBefore, await postRef("both").get()), params: { id: "post-both" } }),
    ]);
    expect(requested).toEqual([["both"]]);
  });

  it("asks for nothing for an editorial change of a post", async () => {
    await postRef("quiet").set(post("quiet", { published: true }));
    await metaRef("quiet").set(article("quiet", { published: true }));
    const { before, after } = await written(postRef("quiet"), () =>
      postRef("quiet").update({ changedBy: { uid: "u1", email: "e@x", action: "saved" } }),
    );
    await onPost({ data: testEnv.makeChange(before, after), params: { id: "post-quiet" } });
    expect(requested).toEqual([]);
  });
});
