import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  post,
  startService,
  status,
  waitForIdle,
  waitForStatus,
  type RebuildService,
} from "../support/rebuild-service";

// POST /takedown on the real rebuild service, with a stand-in build (support/fake-site-build.mts)
// whose articles the test sets, as Firestore would after an unpublish: the article's page leaves the
// published site at once, a full build follows, and neither a build already running nor a rollback
// brings the page back.
const FAKE_BUILD = path.join(__dirname, "../support/fake-site-build.mts");

let dir: string;
let service: RebuildService;
const projectDir = () => path.join(dir, "project");
const publishDir = () => path.join(dir, "site");
const page = (slug: string) => path.join(publishDir(), "blogarticle", slug, "index.html");
const feed = () => readFileSync(path.join(publishDir(), "rss.xml"), "utf8");
/** Whether the served feed still has the article's item, which carries its whole body. */
const inFeed = (slug: string) => feed().includes(`/blogarticle/${slug}</guid>`);
/** The stand-in's data: three articles (first-article, second-article, article-3). */
const articlesInData = (count: number) => writeFileSync(path.join(projectDir(), "ARTICLES"), String(count));
/** What Firestore says after the unpublish: the next build reads no second-article. */
const unpublishedInData = () => writeFileSync(path.join(projectDir(), "UNPUBLISHED"), "second-article\n");
const takeDown = (articles: unknown, reason = "unpublished by ana@example.com") =>
  post(`${service.url}/takedown`, { reason, articles });

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rebuild-takedown-"));
  mkdirSync(projectDir());
  articlesInData(3);
});

afterEach(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const start = (buildMs = "100") =>
  startService({
    PUBLISH_DIR: publishDir(),
    PROJECT_DIR: projectDir(),
    BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
    FAKE_BUILD_MS: buildMs,
  });

async function publishFirst(): Promise<void> {
  await post(`${service.url}/rebuild`, { reason: "first" });
  await waitForIdle(service);
  expect(existsSync(page("second-article"))).toBe(true);
  expect(inFeed("second-article")).toBe(true);
}

test("publishes the live site less the article at once, then a full build that no longer has it", async () => {
  service = await start();
  await publishFirst();
  const before = (await status(service)).published;

  // Firestore says unpublished before the service is asked (unpublishArticle writes, then asks).
  unpublishedInData();
  const answer = await takeDown([{ id: "doc-2", slug: "second-article" }]);
  expect(answer.status).toBe(200);
  const result = (await answer.json()) as { release: string; removed: string[]; articles: number; buildId: string };
  // Gone before the answer came: no wait for a build.
  expect(existsSync(page("second-article"))).toBe(false);
  expect(readFileSync(page("first-article"), "utf8")).toContain("first-article");
  // Its feed item, which carries its body, went with it.
  expect(inFeed("second-article")).toBe(false);
  expect(inFeed("first-article") && inFeed("article-3")).toBe(true);
  const feedAfterTakedown = feed();
  expect(result).toMatchObject({ removed: ["blogarticle/second-article"], articles: 2 });
  expect(result.release).not.toBe(before);
  const now = await status(service);
  expect(now.published).toBe(result.release);
  expect(now.builds[0]).toMatchObject({
    id: result.release,
    state: "published",
    reason: "unpublished by ana@example.com",
  });

  // The follow-up build named it, and publishes without it.
  const idle = await waitForStatus(service, (s) =>
    s.builds.some((b) => b.id === result.buildId && b.state === "published"),
  );
  expect(idle.published).toBe(result.buildId);
  expect(existsSync(page("second-article"))).toBe(false);
  // The take-down's feed was the very feed the build then wrote.
  expect(feed()).toBe(feedAfterTakedown);
});

test("a build that read the data before the take-down publishes without the article", async () => {
  service = await start("1500");
  await publishFirst();
  // A build starts while the article is still published, and reads it.
  const running = (await (await post(`${service.url}/rebuild`, { reason: "an edit" })).json()) as { buildId: string };
  await waitForStatus(service, (s) => s.current?.id === running.buildId && s.current.state === "building");
  unpublishedInData();
  expect((await takeDown([{ id: "doc-2", slug: "second-article" }])).status).toBe(200);
  expect(existsSync(page("second-article"))).toBe(false);
  await waitForStatus(service, (s) => s.builds.some((b) => b.id === running.buildId && b.state === "published"));
  // That build still wrote the page and the feed item: the service took them out before publishing.
  expect(existsSync(page("second-article"))).toBe(false);
  expect(inFeed("second-article")).toBe(false);
  expect(existsSync(page("article-3"))).toBe(true);
  await waitForIdle(service);
  expect(existsSync(page("second-article"))).toBe(false);
});

test("a rollback to a release from before the take-down leaves the article out", async () => {
  service = await start();
  await publishFirst();
  const original = (await status(service)).published!;
  unpublishedInData();
  expect((await takeDown([{ id: "doc-2", slug: "second-article" }])).status).toBe(200);
  await waitForIdle(service);
  const rolled = await post(`${service.url}/rollback`, { buildId: original });
  expect(rolled.status).toBe(200);
  expect((await status(service)).published).toBe(original);
  expect(existsSync(page("second-article"))).toBe(false);
  expect(inFeed("second-article")).toBe(false);
  expect(existsSync(page("first-article"))).toBe(true);
});

test("refuses what is not a take-down, unsigned requests, and a site with nothing published", async () => {
  service = await start();
  expect((await takeDown([{ id: "doc-2", slug: "second-article" }])).status).toBe(409);
  await publishFirst();
  for (const articles of [
    [],
    [{ id: "doc-2", slug: "../../index" }],
    [{ id: "a/b", slug: "second-article" }],
    [{ id: "doc-2" }],
    Array.from({ length: 21 }, (_, i) => ({ id: `d${i}`, slug: `s${i}` })),
  ]) {
    const refused = await takeDown(articles);
    expect([JSON.stringify(articles).slice(0, 40), refused.status]).toEqual([
      JSON.stringify(articles).slice(0, 40),
      400,
    ]);
  }
  const unsigned = await fetch(`${service.url}/takedown`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ articles: [{ id: "doc-2", slug: "second-article" }] }),
  });
  expect(unsigned.status).toBe(401);
  expect(existsSync(page("second-article"))).toBe(true);
  expect(inFeed("second-article")).toBe(true);
});
