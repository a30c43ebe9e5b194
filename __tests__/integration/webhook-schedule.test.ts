import { deleteApp as deleteClientApp, initializeApp as initializeClientApp, type FirebaseApp } from "firebase/app";
import {
  collection,
  connectFirestoreEmulator,
  getDocsFromServer,
  getFirestore as getClientFirestore,
  limit,
  query,
  setLogLevel,
  where,
  type Firestore as ClientFirestore,
} from "firebase/firestore";
import { Timestamp } from "firebase-admin/firestore";
import {
  everywhere,
  nowhere,
  watchSite,
  type Observation,
  type WatchedArticle,
} from "../../scripts/lib/site-traces.ts";
import { startArticleSource, startPublisher, type ArticleSource, type Publisher } from "../support/publishing";
import { post, status, waitForIdle } from "../support/rebuild-service";

// Scheduled publishing end to end: the Firestore emulator (with the project's rules, which the
// build reads through), the real rebuild service running its schedule timer and real gatsby
// builds, and the published site served as `npm start` serves it. An article scheduled 20 s ahead
// is watched on every surface a visitor meets; so is one taken down by an unpublishAt.
const PROJECT_ID = "webhook-schedule-test";
const host = process.env.FIRESTORE_EMULATOR_HOST!;
const AHEAD_MS = 20_000;
const ON_TIME_MS = 60_000;

let source: ArticleSource;
let publisher: Publisher;
let visitorApp: FirebaseApp;
let visitor: ClientFirestore;
let siteUrl = "";

const valentine: WatchedArticle = {
  slug: "valentines-day-guide",
  title: "A Valentine guide",
  body: "Body of the Valentine guide",
};

const metadata = (article: WatchedArticle, fields: Record<string, unknown>) => ({
  blogId: `post-${article.slug}`,
  title: article.title,
  slug: article.slug,
  categories: ["Dating Tips"],
  featureImage: `${source.imageServer.url}/cover.webp`,
  lastUpdate: Timestamp.now(),
  content: { time: 1, version: "2.28.2", blocks: [{ id: "p1", type: "paragraph", data: { text: article.body } }] },
  ...fields,
});

/** Saves both documents of an article, as the editors' tool does. */
async function save(id: string, article: WatchedArticle, fields: Record<string, unknown>): Promise<void> {
  await source.db.collection("blogMetaData").doc(id).set(metadata(article, fields));
  // The post carries the article without the schedule, which lives on the metadata only.
  const { blogId, ...post } = metadata(article, { published: fields.published });
  await source.db.collection("blog").doc(blogId).set(post);
}

/** Polls Firestore (a signal, not a sleep) until `done` holds for the article's status. */
async function statusOf(
  id: string,
  done: (fields: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const fields = (await source.db.collection("articleStatus").doc(id).get()).data() ?? {};
    if (done(fields)) return fields;
    if (Date.now() > deadline) throw new Error(`articleStatus/${id} stayed ${JSON.stringify(fields)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * What a visitor's browser can read of the article from Firestore, under the rules: the fallback
 * route's and the live list's queries (published only), from the server, never a cache.
 */
async function inFirestore(): Promise<Record<string, boolean>> {
  const found = async (name: string): Promise<boolean> =>
    !(
      await getDocsFromServer(
        query(collection(visitor, name), where("published", "==", true), where("slug", "==", valentine.slug), limit(1)),
      )
    ).empty;
  const [meta, post] = await Promise.all([found("blogMetaData"), found("blog")]);
  return { clientMeta: meta, clientPost: post };
}

const describeObservations = (observations: Observation[], at: number): string =>
  observations.map((o) => `${((o.endedAt - at) / 1000).toFixed(1)} s ${JSON.stringify(o.traces)}`).join("\n");

beforeAll(async () => {
  source = await startArticleSource(PROJECT_ID);
  setLogLevel("silent");
  visitorApp = initializeClientApp({ projectId: PROJECT_ID, apiKey: "test" }, `${PROJECT_ID}-visitor`);
  visitor = getClientFirestore(visitorApp);
  connectFirestoreEmulator(visitor, host.split(":")[0]!, Number(host.split(":")[1]));
  await save(
    "first-date",
    { slug: "first-date", title: "First date ideas", body: "Body of first date" },
    {
      published: true,
    },
  );
  // Scheduled an hour ahead while the first build runs: the build must leave it out.
  await save("valentine", valentine, { published: false, publishAt: Timestamp.fromMillis(Date.now() + 3600_000) });
  publisher = await startPublisher(source, "rebuild-schedule-", {
    SCHEDULE_PROJECT_ID: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: host,
    SCHEDULE_POLL_MS: "5000",
  });
  expect((await post(`${publisher.service.url}/rebuild`, { reason: "first build" })).status).toBe(202);
  const first = await waitForIdle(publisher.service, 400_000);
  expect(first.builds[0]).toMatchObject({ state: "published" });
  siteUrl = await publisher.serveSite();
}, 450_000);

afterAll(async () => {
  await publisher?.stop();
  await source?.stop();
  if (visitorApp) await deleteClientApp(visitorApp);
});

test("a scheduled article is nowhere before its instant and everywhere within 60 s after", async () => {
  const scheduled = await statusOf("valentine", (fields) => fields.state === "scheduled");
  expect(scheduled.slug).toBe(valentine.slug);

  // Moved to 20 s from now: the plan an hour ahead must not fire, this one must.
  const at = Date.now() + AHEAD_MS;
  await source.db
    .collection("blogMetaData")
    .doc("valentine")
    .update({ publishAt: Timestamp.fromMillis(at) });

  const observations = await watchSite(siteUrl, valentine, everywhere, at + ON_TIME_MS + 10_000, {
    elsewhere: inFirestore,
  });
  const before = observations.filter((o) => o.endedAt < at);
  expect(before.length).toBeGreaterThan(0);
  // Every read that ended before the instant found no trace at all.
  expect(before.filter((o) => !nowhere(o.traces))).toEqual([]);
  const arrived = observations.find((o) => everywhere(o.traces));
  if (!arrived || arrived.endedAt - at > ON_TIME_MS)
    throw new Error(`not everywhere within 60 s:\n${describeObservations(observations, at)}`);
  console.log(
    `Scheduled publish: everywhere on the site ${((arrived.endedAt - at) / 1000).toFixed(1)} s after its instant`,
  );

  expect((await source.db.collection("blogMetaData").doc("valentine").get()).data()).toMatchObject({ published: true });
  expect((await source.db.collection("blog").doc(`post-${valentine.slug}`).get()).data()).toMatchObject({
    published: true,
  });
  const builds = (await status(publisher.service)).builds;
  const build = builds.find((b) => b.reason.startsWith("schedule: publish valentine"));
  expect(build).toMatchObject({ state: "published" });
  // The job's own "queued", written after it asked for the build, must not hide the build's "live".
  const live = await statusOf("valentine", (fields) => fields.state === "live");
  expect(live).toMatchObject({ buildId: build?.id });
  expect(live).not.toHaveProperty("publishAt");
}, 200_000);

test("an unpublish time takes the article off every surface within 60 s, and not before", async () => {
  const at = Date.now() + AHEAD_MS;
  await source.db
    .collection("blogMetaData")
    .doc("valentine")
    .update({ unpublishAt: Timestamp.fromMillis(at) });
  const observations = await watchSite(siteUrl, valentine, nowhere, at + ON_TIME_MS + 10_000, {
    elsewhere: inFirestore,
  });
  const before = observations.filter((o) => o.endedAt < at);
  expect(before.length).toBeGreaterThan(0);
  expect(before.filter((o) => !everywhere(o.traces))).toEqual([]);
  const gone = observations.find((o) => nowhere(o.traces));
  if (!gone || gone.endedAt - at > ON_TIME_MS)
    throw new Error(`still on the site 60 s after:\n${describeObservations(observations, at)}`);
  console.log(`Scheduled unpublish: gone from the site ${((gone.endedAt - at) / 1000).toFixed(1)} s after its instant`);
  expect((await source.db.collection("blogMetaData").doc("valentine").get()).data()).toMatchObject({
    published: false,
  });
  expect((await source.db.collection("blog").doc(`post-${valentine.slug}`).get()).data()).toMatchObject({
    published: false,
  });
  const down = await statusOf("valentine", (fields) => fields.state === "not-published");
  expect(down).not.toHaveProperty("unpublishAt");
}, 200_000);
