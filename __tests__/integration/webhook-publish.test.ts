import { existsSync, readdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Timestamp } from "firebase-admin/firestore";
import { startArticleSource, startPublisher, type ArticleSource, type Publisher } from "../support/publishing";
import { fingerprint, post, waitForIdle, waitForStatus } from "../support/rebuild-service";
import { article, editorBody } from "../support/articles";

// The rebuild service running real `gatsby build`s of the project against the Firestore emulator,
// with the published site served the way `npm start` serves it: an article added in Firestore is
// published by a trigger; a killed build and a broken config change nothing; rollback goes back.
const PROJECT_ID = "webhook-publish-test";

let source: ArticleSource;
let publisher: Publisher;
let siteUrl = "";
let firstBuild = "";

/** A valid, published document of `slug` titled `title`, updated now, its body naming its title. */
const seed = (slug: string, title: string) =>
  article(slug, {
    title,
    featureImage: `${source.imageServer.url}/cover.webp`,
    lastUpdate: Timestamp.now(),
    content: editorBody(`Body of ${title}`),
  });

/** Triggers a build and waits for it to finish; answers its record and the time from trigger to publish. */
async function rebuild(reason: string): Promise<{
  build: { id: string; state: string; phase?: string; error?: string; logTail?: string };
  seconds: number;
}> {
  const started = Date.now();
  const response = await post(`${publisher.service.url}/rebuild`, { reason });
  expect(response.status).toBe(202);
  const { buildId } = (await response.json()) as { buildId: string };
  const status = await waitForIdle(publisher.service, 400_000);
  const build = status.builds.find((entry) => entry.id === buildId)!;
  return { build, seconds: (Date.now() - started) / 1000 };
}

const page = async (route: string): Promise<string> => (await fetch(`${siteUrl}${route}`)).text();

/** Processes working in the service's build workspace: the build and its workers. */
function buildProcesses(workspace: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === workspace;
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  source = await startArticleSource(PROJECT_ID);
  await source.db.collection("blogMetaData").doc("one").set(seed("before-the-first-build", "Before the first build"));
  await source.db
    .collection("blogMetaData")
    .doc("two")
    .set(seed("also-before-the-first-build", "Also before the first build"));
  publisher = await startPublisher(source, "rebuild-publish-");
}, 60_000);

afterAll(async () => {
  await publisher?.stop();
  await source?.stop();
});

test("a trigger publishes a complete site built from Firestore", async () => {
  const { build, seconds } = await rebuild("first build");
  expect(build).toMatchObject({ state: "published" });
  firstBuild = build.id;
  console.log(`Trigger to published site, cold build of 2 articles: ${seconds.toFixed(1)} s`);
  expect(existsSync(path.join(publisher.publishDir, "blogarticle/before-the-first-build/index.html"))).toBe(true);

  siteUrl = await publisher.serveSite();
  expect(await page("/blog")).toContain("Also before the first build");
}, 400_000);

test("an article added in Firestore is on the served site after the next trigger", async () => {
  expect(await page("/blog")).not.toContain("Written after the first build");
  await source.db
    .collection("blogMetaData")
    .doc("three")
    .set(seed("written-after-the-first-build", "Written after the first build"));
  const { build, seconds } = await rebuild("article added");
  expect(build).toMatchObject({ state: "published" });
  console.log(`Trigger to published site, warm build after adding an article: ${seconds.toFixed(1)} s`);
  // The server kept running: it follows the swapped symlink.
  expect(await page("/blog")).toContain("Written after the first build");
  expect(await page("/blogarticle/written-after-the-first-build")).toContain("Body of Written after the first build");
  // The new release is not a full copy: the files the build left alone are the first release's own.
  const site = (id: string): string => path.join(publisher.dir, "builds", "releases", id, "site");
  const files = (readdirSync(site(build.id), { recursive: true }) as string[]).filter((file) =>
    statSync(path.join(site(build.id), file)).isFile(),
  );
  const shared = files.filter(
    (file) =>
      existsSync(path.join(site(firstBuild), file)) &&
      statSync(path.join(site(firstBuild), file)).ino === statSync(path.join(site(build.id), file)).ino,
  );
  console.log(
    `Release after one added article: ${shared.length} of ${files.length} files shared with the first release`,
  );
  expect(shared.length).toBeGreaterThan(0);
  expect(shared).not.toContain(path.join("blogarticle", "written-after-the-first-build", "index.html"));
  expect(shared).not.toContain(path.join("blog", "index.html"));
}, 400_000);

test("a build killed mid-way leaves the served site byte for byte as it was", async () => {
  const before = fingerprint(publisher.publishDir);
  const blogBefore = await page("/blog");
  await source.db.collection("blogMetaData").doc("four").set(seed("never-published", "Never published"));
  const response = await post(`${publisher.service.url}/rebuild`, { reason: "to be killed" });
  const { buildId } = (await response.json()) as { buildId: string };
  const workspace = path.join(publisher.dir, "builds", "workspace");
  // Mid-way: Gatsby has read Firestore and is making pages, as its log shows.
  const logFile = path.join(publisher.dir, "builds", "logs", `${buildId}.log`);
  await waitForStatus(
    publisher.service,
    () => existsSync(logFile) && /source and transform nodes/.test(readFileSync(logFile, "utf8")),
    120_000,
  );
  expect(buildProcesses(workspace).length).toBeGreaterThan(0);
  // As the kernel's OOM killer would: every process of the build, wherever it has got to.
  let killed = 0;
  for (const pid of buildProcesses(workspace)) {
    try {
      process.kill(pid, "SIGKILL");
      killed += 1;
    } catch {
      // it ended with its parent
    }
  }
  expect(killed).toBeGreaterThan(0);
  const status = await waitForIdle(publisher.service, 120_000);
  const record = status.builds.find((entry) => entry.id === buildId)!;
  expect(record).toMatchObject({ state: "failed", phase: "build" });
  expect(record.error).toMatch(/killed by SIGKILL|exited with code 137/);
  expect(fingerprint(publisher.publishDir)).toEqual(before);
  expect(await page("/blog")).toBe(blogBefore);
}, 400_000);

test("a malformed gatsby-config fails the build and changes nothing", async () => {
  const before = fingerprint(publisher.publishDir);
  const config = path.join(publisher.projectDir, "gatsby-config.ts");
  const good = readFileSync(config, "utf8");
  writeFileSync(config, `${good}\nexport const broken = {{;\n`);
  try {
    const { build } = await rebuild("malformed config");
    expect(build).toMatchObject({ state: "failed", phase: "build" });
    expect(build.logTail).toMatch(/gatsby-config/);
  } finally {
    writeFileSync(config, good);
  }
  expect(fingerprint(publisher.publishDir)).toEqual(before);
}, 400_000);

test("rollback restores the previous build on the served site", async () => {
  const response = await post(`${publisher.service.url}/rollback`, {});
  expect(response.status).toBe(200);
  expect(((await response.json()) as { published: string }).published).toBe(firstBuild);
  expect(existsSync(path.join(publisher.publishDir, "blogarticle/written-after-the-first-build/index.html"))).toBe(
    false,
  );
  expect(await page("/blog")).not.toContain("Written after the first build");
  expect(await page("/blog")).toContain("Also before the first build");
}, 60_000);
