import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Timestamp, type DocumentData } from "firebase-admin/firestore";
import { freePort } from "../support/processes";
import { startArticleSource, startPublisher, type ArticleSource, type Publisher } from "../support/publishing";
import { post } from "../support/rebuild-service";
import { article, editorBody } from "../support/articles";
import { verifyRequest } from "@kindred/publishing";
import type { BuildNotification } from "../../webhook/lib/notify.ts";

// What editors see, end to end: the real rebuild service runs real `gatsby build`s against the
// Firestore emulator, writes articleStatus and siteBuilds, and notifies a local receiver; the
// published site is served as `npm start` serves it, at the SITE_URL the statuses link to.
const PROJECT_ID = "article-status-test";
const NOTIFY_SECRET = "notify-secret-for-the-tests-0123456789abcdef";

let source: ArticleSource;
let publisher: Publisher;
let siteUrl = "";
let receiver: http.Server;
/** What the receiver was sent, and when: a receiver checks each signature's timestamp as it arrives. */
const notifications: { headers: http.IncomingHttpHeaders; body: string; receivedAt: number }[] = [];

/** A valid, published document of `slug` titled `title`, updated now, its body naming its title. */
const seed = (slug: string, title: string) =>
  article(slug, {
    blogId: `blog-${title.length}`,
    title,
    featureImage: `${source.imageServer.url}/cover.webp`,
    lastUpdate: Timestamp.now(),
    content: editorBody(`Body of ${title}`),
  });

const read = async (name: string, id: string): Promise<DocumentData | undefined> =>
  (await source.db.collection(name).doc(id).get()).data();

/** Triggers a build as the Cloud Function does, naming the documents, and waits until its record says it ended. */
async function rebuild(documents: string[]): Promise<{ id: string; build: DocumentData }> {
  const response = await post(`${publisher.service.url}/rebuild`, { reason: "firestore", documents });
  expect(response.status).toBe(202);
  const { buildId } = (await response.json()) as { buildId: string };
  const deadline = Date.now() + 400_000;
  for (;;) {
    const build = await read("siteBuilds", buildId);
    if (build && (build.state === "published" || build.state === "failed")) return { id: buildId, build };
    if (Date.now() > deadline)
      throw new Error(`build ${buildId} did not end\n${publisher.service.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for an article's state, as an editor's tool listening to it would. */
async function stateOf(id: string, state: string): Promise<DocumentData> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await read("articleStatus", id);
    if (status?.state === state) return status;
    if (Date.now() > deadline) throw new Error(`articleStatus/${id} is ${JSON.stringify(status)}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const seconds = (a: Timestamp, b: Timestamp): number => Math.abs(a.toMillis() - b.toMillis()) / 1000;

beforeAll(async () => {
  source = await startArticleSource(PROJECT_ID);
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      notifications.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${await freePort()}`;
  publisher = await startPublisher(source, "article-status-", {
    SITE_URL: siteUrl,
    NOTIFY_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    NOTIFY_SECRET,
  });
}, 60_000);

afterAll(async () => {
  await publisher?.stop();
  await source?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

test("an article saved with a bad slug shows not-published naming the field, as the build log says; a good one goes live", async () => {
  await source.db.collection("blogMetaData").doc("good").set(seed("a-good-article", "A good article"));
  await source.db.collection("blogMetaData").doc("bad").set(seed("Not A Slug", "A bad slug"));
  const { id, build } = await rebuild(["good", "bad"]);
  expect(build).toMatchObject({ state: "published", articles: { live: ["good"], notPublished: ["bad"] } });

  const bad = await stateOf("bad", "not-published");
  expect(bad.buildId).toBe(id);
  expect(bad.reasons).toEqual([expect.objectContaining({ document: "blogMetaData/bad", field: "slug" })]);
  // The reason is the build log's own line.
  const log = readFileSync(path.join(publisher.dir, "builds", "logs", `${id}.log`), "utf8");
  expect(log).toContain(bad.reasons[0].message);

  const good = await stateOf("good", "live");
  expect(good).toMatchObject({ buildId: id, url: `${siteUrl}/blogarticle/a-good-article`, title: "A good article" });
  expect(seconds(good.liveSince, build.finishedAt)).toBeLessThan(1);
  // Written within 2 s of the publish it reports.
  expect(seconds(good.updatedAt, build.finishedAt)).toBeLessThan(2);
  expect(seconds(bad.updatedAt, build.finishedAt)).toBeLessThan(2);

  // Served at the address the statuses already link to, which the service was given before the site existed.
  await publisher.serveSite(new URL(siteUrl).port);
  expect(await (await fetch(good.url)).text()).toContain("Body of A good article");
}, 450_000);

test("once its slug is fixed, the article goes through building to live, and its URL serves it", async () => {
  const states: string[] = [];
  const stop = source.db
    .collection("articleStatus")
    .doc("bad")
    .onSnapshot((snapshot) => states.push(String(snapshot.data()?.state)));
  try {
    await source.db.collection("blogMetaData").doc("bad").set(seed("a-fixed-slug", "A fixed slug"));
    const { id, build } = await rebuild(["bad"]);
    expect(build.state).toBe("published");
    const fixed = await stateOf("bad", "live");
    expect(fixed).toMatchObject({ buildId: id, url: `${siteUrl}/blogarticle/a-fixed-slug` });
    expect(fixed.reasons).toBeUndefined();
    expect(states).toContain("building");
    expect(states.indexOf("building")).toBeLessThan(states.lastIndexOf("live"));
    expect(await (await fetch(fixed.url)).text()).toContain("Body of A fixed slug");
  } finally {
    stop();
  }
}, 450_000);

test("a left-out block stays in the article's status through warm builds that do not change the article", async () => {
  const leftOut = {
    ...seed("a-left-out-block", "An article with a left-out block"),
    content: {
      time: 1,
      version: "2.28.2",
      blocks: [
        { id: "p1", type: "paragraph", data: { text: "Body of the left-out article" } },
        { id: "m1", type: "mystery", data: { text: "no tool saves this" } },
      ],
    },
  };
  const expected = [
    {
      document: "blogMetaData/left-out",
      block: 1,
      type: "mystery",
      reason: 'unknown block type "mystery"; left out',
    },
  ];
  // The build log's line for the block, counted in one build's log.
  const logLines = (buildId: string): number =>
    readFileSync(path.join(publisher.dir, "builds", "logs", `${buildId}.log`), "utf8").split(
      'blogMetaData/left-out: field "content" block 1: unknown block type "mystery"; left out.',
    ).length - 1;

  await source.db.collection("blogMetaData").doc("left-out").set(leftOut);
  const first = await rebuild(["left-out"]);
  expect((await stateOf("left-out", "live")).blocksLeftOut).toEqual(expected);
  expect(logLines(first.id)).toBe(1);

  // Another article changes: the warm build neither reads nor names this one, and its status stays
  // as the first build wrote it.
  await source.db.collection("blogMetaData").doc("good").set(seed("a-good-article", "A good article, again"));
  const second = await rebuild(["good"]);
  expect(second.build.articles).toEqual({ live: ["good"], notPublished: [], removed: [] });
  expect(await stateOf("left-out", "live")).toMatchObject({ buildId: first.id, blocksLeftOut: expected });
  // The site as built still leaves the block out, and the build says so.
  expect(logLines(second.id)).toBe(1);

  // An editor gives the article an end date: the trigger names it, but nothing the page shows
  // changed, so Gatsby keeps its node as it was. Its new status must still list the block.
  const nextYear = Timestamp.fromMillis(Date.now() + 365 * 24 * 3600 * 1000);
  await source.db.collection("blogMetaData").doc("left-out").update({ unpublishAt: nextYear });
  const third = await rebuild(["left-out"]);
  expect(third.build.articles.live).toEqual(["left-out"]);
  const status = await stateOf("left-out", "live");
  expect(status.buildId).toBe(third.id);
  expect(status.blocksLeftOut).toEqual(expected);
  expect(logLines(third.id)).toBe(1);
}, 1_350_000);

test("a failing build shows failed, in the service's words, on every article it carried", async () => {
  await source.db.collection("blogMetaData").doc("good").set(seed("a-good-article", "A good article, edited"));
  await source.db.collection("blogMetaData").doc("third").set(seed("a-third-article", "A third article"));
  const config = path.join(publisher.projectDir, "gatsby-config.ts");
  const working = readFileSync(config, "utf8");
  writeFileSync(config, `${working}\nexport const broken = {{;\n`);
  try {
    const { id, build } = await rebuild(["good", "third"]);
    expect(build).toMatchObject({ state: "failed", error: "The build command exited with code 1." });
    for (const article of ["good", "third"]) {
      const status = await stateOf(article, "failed");
      expect(status).toMatchObject({ buildId: id, error: "The build command exited with code 1." });
      expect(seconds(status.updatedAt, build.finishedAt)).toBeLessThan(2);
    }
    // What visitors see of the good article stays as it was.
    expect((await read("articleStatus", "good"))?.url).toBe(`${siteUrl}/blogarticle/a-good-article`);
  } finally {
    writeFileSync(config, working);
  }
}, 450_000);

test("every build was announced to the receiver, signed under NOTIFY_SECRET", async () => {
  // The last one may still be on its way: notifications never hold up the states.
  const deadline = Date.now() + 10_000;
  while (notifications.length < 12 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  // Checked at the time each arrived: the file's first ones are older than the signatures' 300 s window
  // by the time a loaded machine gets here (seen in CI: the file took 305 s).
  const events = notifications.map(({ headers, body, receivedAt }) => {
    expect(verifyRequest(headers, body, NOTIFY_SECRET, { now: receivedAt })).toMatchObject({ ok: true });
    expect(verifyRequest(headers, body, "a-secret-that-is-not-the-one-0123456789")).toMatchObject({ ok: false });
    return JSON.parse(body) as BuildNotification;
  });
  expect(events.map((event) => event.type)).toEqual([
    ...Array<string[]>(5).fill(["build.started", "build.published"]).flat(),
    "build.started",
    "build.failed",
  ]);
  const first = events[1]!;
  expect(first.live).toEqual([{ id: "good", title: "A good article", url: `${siteUrl}/blogarticle/a-good-article` }]);
  expect(first.notPublished).toEqual([{ id: "bad", reasons: [expect.stringMatching(/^slug must match/)] }]);
  expect(first.text).toContain("Not published: bad (slug must match");
  expect(events[11]).toMatchObject({ error: "The build command exited with code 1." });
});
