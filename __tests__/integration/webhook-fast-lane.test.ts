import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyProject, gatsbyEnv } from "../support/site-build";
import {
  post,
  startService,
  status,
  waitForIdle,
  waitForStatus,
  type BuildView,
  type RebuildService,
} from "../support/rebuild-service";
import { editBody, firstDifference } from "../../scripts/fast-lane-check.ts";

// The fast lane end to end, on the real rebuild service running real `gatsby build`s of the sample
// content: a trigger naming an article whose body changed publishes a release with its page
// re-rendered before the full build behind it ends; that build then writes the very same bytes. So
// does a title edit, which redraws the article's card on the pages showing it, and a publish that
// moves an article to the top, two of them, and a new article; new categories are left to the full
// build, with the reason in the service's log.
const ARTICLE = "nbcJ3WP8KIzCjTCzKUnr";
const SLUG = "first-date-checklist";
// The article's page and page data, and the feed, whose item carries the whole body.
const FILES = [`blogarticle/${SLUG}/index.html`, `page-data/blogarticle/${SLUG}/page-data.json`, "rss.xml"];
const EDIT = "Fast lane: “quotes”, é, 日本語 and 💘.";
/** On the third and fourth list pages; published again, each moves to the top. */
const MOVED = [
  { id: "ePTOrxaFk5D79eNfLDT9", slug: "red-flags-and-green-flags" },
  { id: "Q9EHyeko8KTH486b8fdf", slug: "introducing-your-partner-to-family" },
] as const;

let dir: string;
let project: string;
let service: RebuildService;
const publishDir = () => path.join(dir, "site");
const served = (file: string) => readFileSync(path.join(publishDir(), file));
const fastLanes = (builds: BuildView[]) => builds.filter((build) => build.lane === "fast");

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rebuild-fast-lane-"));
  project = copyProject();
  // The service runs the fast lane's command from the project's scripts/, which a site copy lacks.
  cpSync(path.resolve(__dirname, "../../scripts"), path.join(project, "scripts"), { recursive: true });
  service = await startService({ PUBLISH_DIR: publishDir(), PROJECT_DIR: project }, gatsbyEnv({}));
}, 60_000);

afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

test("edits, moves and a new article are served from the fast lane, byte for byte the build's; new categories fall back", async () => {
  // The first (cold) build keeps its renderer beside its release.
  expect((await post(`${service.url}/rebuild`, { reason: "first" })).status).toBe(202);
  const first = await waitForIdle(service, 400_000);
  expect(first.builds[0]).toMatchObject({ state: "published", lane: "full" });
  const buildsDir = (await status(service)).paths!.buildsDir;
  expect(existsSync(path.join(buildsDir, "releases", first.published!, "lane", ".cache", "page-ssr"))).toBe(true);
  const before = served(FILES[0]!).toString();
  expect(before).not.toContain("Fast lane:");
  // A build of a version of the code not kept before has it compiled ahead, in the background.
  for (const started = Date.now(); !/compiled the fast lane's code ahead: 8 modules/.test(service.output());) {
    if (Date.now() - started > 60_000) throw new Error(`the code was not compiled ahead:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await editBody(path.join(project, "content", "blog"), ARTICLE, EDIT);
  const triggered = Date.now();
  const answer = (await (
    await post(`${service.url}/rebuild`, { reason: "firestore", documents: [ARTICLE] })
  ).json()) as { buildId: string };
  const laneLive = await waitForStatus(
    service,
    (s) => fastLanes(s.builds).some((b) => b.state === "published"),
    120_000,
  );
  const laneSeconds = (Date.now() - triggered) / 1000;
  const lane = fastLanes(laneLive.builds)[0]!;
  expect(laneLive.published).toBe(lane.id);
  // Served before the full build behind it has published anything.
  const full = [laneLive.current, laneLive.queued, ...laneLive.builds].find((b) => b?.id === answer.buildId);
  expect(full?.state).not.toBe("published");
  const laneFiles = FILES.map((file) => served(file));
  expect(laneFiles[0]!.toString()).toContain(EDIT);
  expect(laneFiles[1]!.toString()).toContain("Fast lane:");
  expect(laneFiles[2]!.toString()).toContain("Fast lane:");

  const after = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === answer.buildId && b.state !== "building" && b.state !== "queued"),
    400_000,
  );
  const fullSeconds = (Date.now() - triggered) / 1000;
  expect(after.builds.find((b) => b.id === answer.buildId)).toMatchObject({ state: "published", lane: "full" });
  expect(after.published).toBe(answer.buildId);
  const differences = FILES.map((file, index) => [
    file,
    firstDifference(laneFiles[index]!, served(file)) ?? "identical",
  ]);
  expect(differences).toEqual(FILES.map((file) => [file, "identical"]));
  // The fast-lane release is recorded as one, with what it re-rendered.
  const record = JSON.parse(readFileSync(path.join(buildsDir, "releases", lane.id, "build.json"), "utf8")) as {
    lane: string;
    documents: string[];
  };
  expect(record).toMatchObject({ lane: "fast", documents: [ARTICLE] });
  const kept = service
    .output()
    .split("\n")
    .filter((line) => /kept the renderer|Fast lane .* published/.test(line));
  console.log(
    [`trigger -> fast lane published: ${laneSeconds} s; -> full build published: ${fullSeconds} s`, ...kept].join("\n"),
  );

  // A new title goes through the fast lane too: the article's card is redrawn wherever it shows
  // (its list page, the pages it is similar on, the search index), and the full build behind writes
  // the very same bytes.
  const file = path.join(project, "content", "blog", `${SLUG}.json`);
  const article = JSON.parse(readFileSync(file, "utf8")) as { title: string; categories: string[] };
  const title = `${article.title}, edited`;
  writeFileSync(file, JSON.stringify({ ...article, title }));
  const lanesBefore = fastLanes(after.builds).length;
  const retitled = (await (
    await post(`${service.url}/rebuild`, { reason: "firestore", documents: [ARTICLE] })
  ).json()) as { buildId: string };
  const titleLive = await waitForStatus(service, (s) => fastLanes(s.builds).length > lanesBefore, 120_000);
  const titleLane = fastLanes(titleLive.builds).find((b) => !fastLanes(after.builds).some((old) => old.id === b.id))!;
  const laneRecord = () =>
    JSON.parse(readFileSync(path.join(buildsDir, "releases", titleLane.id, "build.json"), "utf8")) as {
      files: string[];
    };
  await waitForStatus(service, (s) => s.builds.some((b) => b.id === titleLane.id && b.state === "published"), 120_000);
  const titleFiles = laneRecord().files;
  expect(titleFiles).toEqual(expect.arrayContaining([FILES[0], "page-data/blog/page-data.json", "rss.xml"]));
  expect(titleFiles.some((name) => name.startsWith("search/g/"))).toBe(true);
  const laneTexts = new Map(titleFiles.map((name) => [name, served(name)]));
  expect(laneTexts.get("blog/index.html")!.toString()).toContain(title);
  const done = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === retitled.buildId && b.state === "published"),
    400_000,
  );
  expect(done.published).toBe(retitled.buildId);
  const titleDifferences = titleFiles.map((name) => [
    name,
    firstDifference(laneTexts.get(name)!, served(name)) ?? "identical",
  ]);
  expect(titleDifferences).toEqual(titleFiles.map((name) => [name, "identical"]));

  // A publish that moves an article to the top goes through the fast lane: the list pages shift, and
  // so on (fast-lane-move.test.ts has the whole of it). Another one published at once goes through a
  // second lane, made from the first's release (which kept the ranking as the first left it) or from
  // the build behind it.
  const laneIds = new Set(fastLanes(done.builds).map((b) => b.id));
  /** Publishes the article with this date; answers the fast lane it went through, once that published. */
  const moveLane = async (moved: { id: string; slug: string }, lastUpdate: string) => {
    const movedFile = path.join(project, "content", "blog", `${moved.slug}.json`);
    const movedArticle = JSON.parse(readFileSync(movedFile, "utf8")) as { title: string };
    writeFileSync(movedFile, JSON.stringify({ ...movedArticle, lastUpdate, updatedOn: lastUpdate }));
    const { buildId } = (await (
      await post(`${service.url}/rebuild`, { reason: "firestore", documents: [moved.id] })
    ).json()) as { buildId: string };
    const newLane = (builds: BuildView[]) =>
      fastLanes(builds).find((b) => !laneIds.has(b.id) && b.state !== "building");
    const ended = newLane((await waitForStatus(service, (s) => newLane(s.builds) !== undefined, 120_000)).builds)!;
    expect([ended.state, ended.error]).toEqual(["published", undefined]);
    laneIds.add(ended.id);
    return { id: ended.id, buildId };
  };
  await moveLane(MOVED[0], "2025-02-01T10:00:00.000Z");
  const secondMove = await moveLane(MOVED[1], "2025-02-02T10:00:00.000Z");
  const moveFiles = (
    JSON.parse(readFileSync(path.join(buildsDir, "releases", secondMove.id, "build.json"), "utf8")) as {
      files: string[];
    }
  ).files;
  // From the fourth list page: the first four list pages' cards shift, and every list page's page data changes.
  expect(moveFiles).toEqual(
    expect.arrayContaining([
      "blog/index.html",
      "blog/4/index.html",
      "page-data/blog/5/page-data.json",
      "rss.xml",
      "sitemap.xml",
      "search/index.json",
    ]),
  );
  const moveTexts = new Map(moveFiles.map((name) => [name, served(name)]));
  expect(moveTexts.get("blog/index.html")!.toString()).toContain(`/blogarticle/${MOVED[1].slug}`);
  expect(moveTexts.get("rss.xml")!.toString()).toContain(
    "<lastBuildDate>Sun, 02 Feb 2025 10:00:00 GMT</lastBuildDate>",
  );
  const reconciled = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === secondMove.buildId && b.state === "published"),
    400_000,
  );
  expect(reconciled.published).toBe(secondMove.buildId);
  const moveDifferences = moveFiles.map((name) => [
    name,
    firstDifference(moveTexts.get(name)!, served(name)) ?? "identical",
  ]);
  expect(moveDifferences).toEqual(moveFiles.map((name) => [name, "identical"]));

  // A new article, newer than every other, goes through the fast lane too: its own page, every list
  // page, its sharing image (fast-lane-new.test.ts has the whole of it).
  const NEW = { id: "brandNewArticle00001", slug: "a-new-article-from-the-lane" };
  const showcase = JSON.parse(readFileSync(path.join(project, "content", "blog", `${SLUG}.json`), "utf8")) as object;
  writeFileSync(
    path.join(project, "content", "blog", `${NEW.slug}.json`),
    JSON.stringify({
      ...showcase,
      ...NEW,
      blogId: "brandNewArticleBlog1",
      title: "नई शुरुआत 💘 from the fast lane",
      lastUpdate: "2025-02-03T10:00:00.000Z",
      updatedOn: "2025-02-03T10:00:00.000Z",
    }),
  );
  const added = await moveLane(NEW, "2025-02-03T10:00:00.000Z");
  const addedFiles = (
    JSON.parse(readFileSync(path.join(buildsDir, "releases", added.id, "build.json"), "utf8")) as { files: string[] }
  ).files;
  expect(addedFiles).toEqual(
    expect.arrayContaining([
      `blogarticle/${NEW.slug}/index.html`,
      `og/blogarticle/${NEW.slug}.jpg`,
      "blog/5/index.html",
    ]),
  );
  const addedTexts = new Map(addedFiles.map((name) => [name, served(name)]));
  expect(addedTexts.get("blog/index.html")!.toString()).toContain("नई शुरुआत 💘 from the fast lane");
  const addedBuilt = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === added.buildId && b.state === "published"),
    400_000,
  );
  expect(addedBuilt.published).toBe(added.buildId);
  expect(addedFiles.map((name) => [name, firstDifference(addedTexts.get(name)!, served(name)) ?? "identical"])).toEqual(
    addedFiles.map((name) => [name, "identical"]),
  );

  // New categories move the article into other similar lists: left to the full build, which the log says.
  writeFileSync(file, JSON.stringify({ ...article, title, categories: [...article.categories, "Fast Lane"] }));
  const lanesThen = fastLanes(addedBuilt.builds).length;
  const moved = (await (
    await post(`${service.url}/rebuild`, { reason: "firestore", documents: [ARTICLE] })
  ).json()) as { buildId: string };
  const last = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === moved.buildId && b.state === "published"),
    400_000,
  );
  expect(service.output()).toMatch(/fast lane: left to the full build: nbcJ3WP8KIzCjTCzKUnr: .*"categories" changed/);
  expect(fastLanes(last.builds)).toHaveLength(lanesThen);
  expect(served(FILES[1]!).toString()).toContain('"Fast Lane"');
}, 1_500_000);
