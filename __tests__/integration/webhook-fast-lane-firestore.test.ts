import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { Timestamp } from "firebase-admin/firestore";
import { startArticleSource, startPublisher, type ArticleSource, type Publisher } from "../support/publishing";
import { post, waitForIdle, waitForStatus } from "../support/rebuild-service";
import { article, editorBody } from "../support/articles";
import { firstDifference } from "../../scripts/fast-lane-check.ts";

// The fast lane on a site built from Firestore (the emulator): the lane's command reads the edited
// document there, as the build does, and the full build behind it writes the same bytes.
const PROJECT_ID = "webhook-fast-lane-firestore-test";
const LAST_UPDATE = Timestamp.fromDate(new Date("2026-01-10T10:00:00.000Z"));
const FILES = [
  "blogarticle/edited-in-firestore/index.html",
  "page-data/blogarticle/edited-in-firestore/page-data.json",
  "rss.xml",
];

let source: ArticleSource;
let publisher: Publisher;

const seed = (slug: string, title: string, body: string) =>
  article(slug, {
    title,
    featureImage: `${source.imageServer.url}/cover.webp`,
    lastUpdate: LAST_UPDATE,
    content: editorBody(body),
  });

beforeAll(async () => {
  source = await startArticleSource(PROJECT_ID);
  await source.db
    .collection("blogMetaData")
    .doc("one")
    .set(seed("edited-in-firestore", "Edited in Firestore", "Before"));
  await source.db
    .collection("blogMetaData")
    .doc("two")
    .set(seed("left-alone", "Left alone", "Unchanged"));
  publisher = await startPublisher(source, "rebuild-fast-lane-firestore-");
  // The service runs the fast lane's command from the project's scripts/, which a site copy lacks.
  cpSync(path.resolve(__dirname, "../../scripts"), path.join(publisher.projectDir, "scripts"), { recursive: true });
}, 60_000);

afterAll(async () => {
  await publisher?.stop();
  await source?.stop();
});

test("a body edited in Firestore goes through the fast lane, byte for byte the full build's", async () => {
  const { service, publishDir } = publisher;
  expect((await post(`${service.url}/rebuild`, { reason: "first" })).status).toBe(202);
  expect((await waitForIdle(service, 400_000)).builds[0]).toMatchObject({ state: "published", lane: "full" });

  // An edit of the body alone: lastUpdate is left as it was.
  await source.db
    .collection("blogMetaData")
    .doc("one")
    .set(seed("edited-in-firestore", "Edited in Firestore", "After, from Firestore"));
  const answer = (await (await post(`${service.url}/rebuild`, { reason: "firestore", documents: ["one"] })).json()) as {
    buildId: string;
  };
  const laneLive = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.lane === "fast" && b.state === "published"),
    120_000,
  );
  expect([laneLive.current, laneLive.queued, ...laneLive.builds].find((b) => b?.id === answer.buildId)?.state).not.toBe(
    "published",
  );
  const laneFiles = FILES.map((file) => readFileSync(path.join(publishDir, file)));
  expect(laneFiles[0]!.toString()).toContain("After, from Firestore");
  expect(laneFiles[2]!.toString()).toContain("After, from Firestore");

  await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === answer.buildId && b.state === "published"),
    400_000,
  );
  expect(
    FILES.map((file, index) => [
      file,
      firstDifference(laneFiles[index]!, readFileSync(path.join(publishDir, file))) ?? "identical",
    ]),
  ).toEqual(FILES.map((file) => [file, "identical"]));
}, 900_000);
