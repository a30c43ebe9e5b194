import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyProject, gatsbyEnv } from "../support/site-build";
import {
  fingerprint,
  post,
  startService,
  status,
  waitForIdle,
  waitForStatus,
  type BuildView,
  type RebuildService,
  type Status,
} from "../support/rebuild-service";
import { editBody, firstDifference } from "../../scripts/fast-lane-check.ts";

// The fast lane's two races, on the real rebuild service running real `gatsby build`s of the sample
// content: (1) a lane whose command is killed half-way through publishes nothing, the served site
// stays byte for byte as it was, and the full build behind it publishes the edits; (2) two triggers
// that arrive while a lane runs make one more lane, for both documents, and join the one full build
// already waiting, which then writes the lanes' very bytes.
//
// How the lane is caught mid-way, every time: the lane's command (scripts/fast-lane-article.ts,
// which the service starts through a shell) reads every `*.json` of the sample content, in name
// order, through the `content` symlink of the renderer folder. The test puts a named pipe there,
// `zz-hold.json`, sorted after every article. Opening a pipe to read blocks until a writer comes,
// so the command stops there, alive, until the test writes to the pipe (it then reads `{}`, a
// document with no fields that no lane renders) or kills it. No product code knows about this.

const ARTICLES = {
  // Case 1: one lane names two articles; the first renders, the second's command is killed.
  rendered: { id: "pfa3pU40uOJvLDfMzUDl", slug: "apologising-well" },
  killed: { id: "Vky94RRyqSopOlhJ8SXq", slug: "dating-after-a-breakup" },
  // Case 2: one lane runs for the first; the second and third are named while it runs.
  running: { id: "EUpU9XWQUnSGeCZ7jNzf", slug: "gentle-ways-to-say-no" },
  second: { id: "LbaejivsvfepDAJa6kaa", slug: "keeping-the-spark-alive" },
  third: { id: "lPbBE7BIMU5G6UjW04Kb", slug: "rejection-with-grace" },
} as const;
type Article = (typeof ARTICLES)[keyof typeof ARTICLES];

const filesOf = ({ slug }: Article): string[] => [
  `blogarticle/${slug}/index.html`,
  `page-data/blogarticle/${slug}/page-data.json`,
];
const editOf = ({ slug }: Article): string => `Race edit of ${slug}: “quotes”, é and 💘.`;
const HOLD = "zz-hold.json";
const LANE_COMMAND = path.join("scripts", "fast-lane-article.ts");

let dir: string;
let project: string;
let buildsDir: string;
let service: RebuildService;
const publishDir = () => path.join(dir, "site");
const contentDir = () => path.join(project, "content", "blog");
const served = (file: string) => readFileSync(path.join(publishDir(), file));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fastLanes = (builds: BuildView[], since: string) =>
  builds.filter((build) => build.lane === "fast" && build.triggeredAt >= since);
const fullBuilds = (builds: BuildView[], since: string) =>
  builds.filter((build) => build.lane === "full" && build.triggeredAt >= since);
const documentsOf = (releaseId: string): string[] =>
  (
    JSON.parse(readFileSync(path.join(buildsDir, "releases", releaseId, "build.json"), "utf8")) as {
      documents: string[];
    }
  ).documents;

/** Whether each article's page, as served or as in `files`, shows its edit. */
const editsServed = (articles: Article[], files?: Map<string, Buffer>): Record<string, boolean> =>
  Object.fromEntries(
    articles.map((article) => {
      const page = filesOf(article)[0]!;
      return [article.slug, (files?.get(page) ?? served(page)).toString().includes(editOf(article))];
    }),
  );

async function trigger(article: Article): Promise<{ buildId: string; coalesced: boolean }> {
  const response = await post(`${service.url}/rebuild`, { reason: "firestore", documents: [article.id] });
  expect(response.status).toBe(202);
  return (await response.json()) as { buildId: string; coalesced: boolean };
}

/** The lane commands of this service now running: the node processes, with the document each renders. */
function laneProcesses(): { pid: number; document: string }[] {
  const found: { pid: number; document: string }[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // Gone meanwhile.
    }
    // The shell that starts it has the whole command as one argument; the node process has it split.
    if (!args[1]?.startsWith(buildsDir) || !args[1].endsWith(LANE_COMMAND)) continue;
    found.push({ pid: Number(name), document: args[args.indexOf("--document") + 1] ?? "" });
  }
  return found;
}

/** The lane command holding the pipe open, if one does. */
function pipeReader(pipe: { dev: number; ino: number }): { pid: number; document: string } | undefined {
  return laneProcesses().find(({ pid }) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        const target = statSync(`/proc/${pid}/fd/${fd}`, { throwIfNoEntry: false });
        return target?.dev === pipe.dev && target.ino === pipe.ino;
      });
    } catch {
      return false;
    }
  });
}

/** What a failed test leaves holding a lane command: let go before the service stops, or it waits for it. */
const letGo: (() => void)[] = [];

/**
 * A named pipe among the sample content that stops each lane command reading it. `catchReader`
 * waits until a lane command reads it, then holds it there: the writing end is open and nothing is
 * written, so the command waits for the rest of the file. Commands for other documents are let go
 * (they read `{}`); the one for `document` is answered, still waiting: `release` lets it go on,
 * `close` only drops the writing end (after the command was killed).
 */
function holdPipe() {
  const file = path.join(contentDir(), HOLD);
  execFileSync("mkfifo", [file]);
  const { dev, ino } = statSync(file);
  const open = new Set<number>();
  const close = (fd: number): void => {
    if (open.delete(fd)) closeSync(fd);
  };
  const remove = (): void => rmSync(file, { force: true });
  letGo.push(() => {
    remove();
    for (const fd of open) close(fd);
  });
  return {
    remove,
    async catchReader(
      document: string,
      timeoutMs = 120_000,
    ): Promise<{ pid: number; release: () => void; close: () => void }> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        let fd: number;
        try {
          // Without a reader, a non-blocking open for writing fails (ENXIO) rather than wait.
          fd = openSync(file, constants.O_WRONLY | constants.O_NONBLOCK);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
          await sleep(50);
          continue;
        }
        open.add(fd);
        // A reader waits: with a writer now there, its open returns and it waits in read().
        let reader: { pid: number; document: string } | undefined;
        for (const until = Date.now() + 20_000; !reader && Date.now() < until; await sleep(20))
          reader = pipeReader({ dev, ino });
        if (!reader) {
          close(fd);
          throw new Error(`something that is not a lane command of this service read ${file}`);
        }
        const release = (): void => {
          writeSync(fd, "{}");
          close(fd);
        };
        if (reader.document === document) return { pid: reader.pid, release, close: () => close(fd) };
        release();
        // Until it has read to the end and closed the pipe, the same command would be found again.
        const { pid } = reader;
        while (pipeReader({ dev, ino })?.pid === pid) await sleep(20);
      }
      throw new Error(
        `no lane command for ${document} read ${file} within ${timeoutMs} ms; the service's log:\n${service.output().slice(-3000)}`,
      );
    },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rebuild-fast-lane-races-"));
  project = copyProject();
  // The service runs the fast lane's command from the project's scripts/, which a site copy lacks.
  cpSync(path.resolve(__dirname, "../../scripts"), path.join(project, "scripts"), { recursive: true });
  // Keeps every release this file makes (not 3, the default): each lane's build.json is read at the end.
  service = await startService(
    { PUBLISH_DIR: publishDir(), PROJECT_DIR: project, FAST_LANE: "on", KEEP_BUILDS: "10" },
    gatsbyEnv({}),
  );
  // The first (cold) build keeps the renderer every lane below uses.
  expect((await post(`${service.url}/rebuild`, { reason: "first" })).status).toBe(202);
  const first = await waitForIdle(service, 400_000);
  expect(first.builds[0]).toMatchObject({ state: "published", lane: "full" });
  buildsDir = (await status(service)).paths!.buildsDir;
}, 420_000);

afterAll(async () => {
  for (const release of letGo) release();
  await service?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (project) rmSync(project, { recursive: true, force: true });
}, 120_000);

test("a fast lane killed half-way publishes nothing, and the full build behind it publishes the edits", async () => {
  const { rendered, killed } = ARTICLES;
  const since = new Date().toISOString();
  const before = await status(service);
  const site = fingerprint(publishDir());
  const files = [...filesOf(rendered), ...filesOf(killed)];
  const original = files.map(served);
  await editBody(contentDir(), rendered.id, editOf(rendered));
  await editBody(contentDir(), killed.id, editOf(killed));

  const pipe = holdPipe();
  const response = await post(`${service.url}/rebuild`, {
    reason: "firestore",
    documents: [rendered.id, killed.id],
  });
  expect(response.status).toBe(202);
  const { buildId } = (await response.json()) as { buildId: string };
  // The lane renders the first article (its command is let through the pipe), then the second's
  // command is caught alive, its files not written, and killed there.
  const caught = await pipe.catchReader(killed.id);
  pipe.remove();
  process.kill(caught.pid, "SIGKILL");
  caught.close();

  const failed = await waitForStatus(service, (s) => fastLanes(s.builds, since).length > 0, 60_000);
  const digest = fingerprint(publishDir());
  const servedNow = files.map(served);
  const still = await status(service);
  // Nothing went live in between: the digest is that of the site the lane left.
  expect([failed.published, still.published]).toEqual([before.published, before.published]);
  expect(digest).toEqual(site);
  expect(servedNow.map((bytes, index) => firstDifference(original[index]!, bytes) ?? "identical")).toEqual(
    files.map(() => "identical"),
  );
  expect(fastLanes(still.builds, since)).toEqual([
    expect.objectContaining({ state: "failed", lane: "fast", error: expect.stringContaining(killed.id) }),
  ]);
  // It was killed half-way indeed: the first article had rendered (its files were left unused).
  const laneLog = readFileSync(fastLanes(still.builds, since)[0]!.logFile!, "utf8");
  expect(laneLog).toMatch(new RegExp(`"rendered":true,"pagePath":"/blogarticle/${rendered.slug}/?"`));
  const left = new RegExp(
    `fast lane: left to the full build: ${killed.id}: the fast-lane command (was killed by SIGKILL|exited 137)`,
  );
  expect(service.output()).toMatch(left);
  console.log(`killed lane, the service's log: ${left.exec(service.output())![0]}`);

  const done = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === buildId && b.state !== "building" && b.state !== "queued"),
    300_000,
  );
  expect(done.builds.find((b) => b.id === buildId)).toMatchObject({ state: "published", lane: "full" });
  expect(done.published).toBe(buildId);
  expect(fastLanes(done.builds, since).filter((b) => b.state === "published")).toEqual([]);
  expect(editsServed([rendered, killed])).toEqual({ [rendered.slug]: true, [killed.slug]: true });
}, 360_000);

test("two triggers during a fast lane make one more lane for both and join the one full build", async () => {
  const { running, second, third } = ARTICLES;
  const since = new Date().toISOString();
  await editBody(contentDir(), running.id, editOf(running));
  const pipe = holdPipe();
  const first = await trigger(running);
  const caught = await pipe.catchReader(running.id);

  // The first lane is under way, its command alive: the full build waits behind it.
  const during = await status(service);
  expect(during.current).toMatchObject({ id: first.buildId, state: "queued", lane: "full" });
  await editBody(contentDir(), second.id, editOf(second));
  const secondAnswer = await trigger(second);
  await editBody(contentDir(), third.id, editOf(third));
  const thirdAnswer = await trigger(third);
  expect([secondAnswer, thirdAnswer]).toEqual([
    { ...secondAnswer, buildId: first.buildId, coalesced: true },
    { ...thirdAnswer, buildId: first.buildId, coalesced: true },
  ]);
  expect(laneProcesses().map(({ pid }) => pid)).toContain(caught.pid);
  pipe.remove();
  caught.release();

  const fullState = (s: Status) =>
    [s.current, s.queued, ...s.builds].find((build) => build?.id === first.buildId)?.state;
  const twoLanes = await waitForStatus(
    service,
    (s) => fastLanes(s.builds, since).filter((b) => b.state === "published").length >= 2,
    120_000,
  );
  const laneFiles = new Map([running, second, third].flatMap(filesOf).map((file) => [file, served(file)]));
  const stillLane = await status(service);
  const lanes = fastLanes(twoLanes.builds, since);
  // Served from the second lane, read while the full build had not published.
  expect([twoLanes.published, stillLane.published]).toEqual([lanes[0]!.id, lanes[0]!.id]);
  expect(fullState(stillLane)).not.toBe("published");
  expect(editsServed([running, second, third], laneFiles)).toEqual({
    [running.slug]: true,
    [second.slug]: true,
    [third.slug]: true,
  });

  const done = await waitForStatus(
    service,
    (s) => s.builds.some((b) => b.id === first.buildId && b.state !== "building" && b.state !== "queued"),
    300_000,
  );
  const idle = await waitForIdle(service, 60_000);
  expect(done.builds.find((b) => b.id === first.buildId)).toMatchObject({
    state: "published",
    lane: "full",
    triggers: 3,
  });
  expect(idle.published).toBe(first.buildId);
  // Two lanes in all (newest first): one for both later documents, after the one for the first.
  const allLanes = fastLanes(idle.builds, since);
  expect(allLanes.map((lane) => [lane.state, documentsOf(lane.id).sort()])).toEqual([
    ["published", [second.id, third.id].sort()],
    ["published", [running.id]],
  ]);
  expect(fullBuilds(idle.builds, since).map((build) => build.id)).toEqual([first.buildId]);
  const seconds = (build: BuildView) => (build.durationMs ?? 0) / 1000;
  console.log(
    `lanes ${allLanes.map(seconds).reverse().join(" s, ")} s; full build ${seconds(fullBuilds(idle.builds, since)[0]!)} s`,
  );
  expect(editsServed([running, second, third])).toEqual({
    [running.slug]: true,
    [second.slug]: true,
    [third.slug]: true,
  });
  // The full build wrote the lanes' very bytes.
  expect([...laneFiles].map(([file, bytes]) => [file, firstDifference(bytes, served(file)) ?? "identical"])).toEqual(
    [...laneFiles.keys()].map((file) => [file, "identical"]),
  );
  expect(existsSync(path.join(contentDir(), HOLD))).toBe(false);
}, 360_000);
