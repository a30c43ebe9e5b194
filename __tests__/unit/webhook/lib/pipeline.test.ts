/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newBuildId, type Build } from "../../../../webhook/lib/build-record.ts";
import { loadConfig, type ServiceConfig } from "../../../../webhook/lib/config.ts";
import { laneDirOf } from "../../../../webhook/lib/fast-lane.ts";
import { deployRelease, runBuild, type PipelineContext } from "../../../../webhook/lib/pipeline.ts";
import { publishedTarget } from "../../../../webhook/lib/publish.ts";
import { Releases } from "../../../../webhook/lib/releases.ts";
import { TakedownLog } from "../../../../webhook/lib/takedown.ts";

// One build from the workspace to a published release, with real files and a stand-in build
// command (support/fake-site-build.mts) that writes a small site, fails, or breaks on demand: every
// way a build ends is recorded on it, and only a build that passed every check moves PUBLISH_DIR.

// Each test runs real build and deploy commands, some several: more than a unit test's 5 s on a busy machine.
jest.setTimeout(30_000);

const SECRET = "pipeline-secret-0123456789abcdefghijklmn";
const FAKE_BUILD = path.join(__dirname, "../../../support/fake-site-build.mts");
const FAKE = `"${process.execPath}" "${FAKE_BUILD}"`;

let dir: string;
const projectDir = () => path.join(dir, "project");
const publishDir = () => path.join(dir, "site");
const buildsDir = () => path.join(dir, "builds");
const workspace = () => path.join(buildsDir(), "workspace");
const logsDir = () => path.join(buildsDir(), "logs");
const runsFile = () => path.join(dir, "runs.jsonl");
const project = (file: string, text = "") => writeFileSync(path.join(projectDir(), file), text);
const home = () => readFileSync(path.join(publishDir(), "index.html"), "utf8");
const savedEnv = { ...process.env };

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "pipeline-"));
  mkdirSync(projectDir());
  mkdirSync(path.join(buildsDir(), "releases"), { recursive: true });
  mkdirSync(logsDir());
  project("version.txt", "v1");
  // The build command inherits the service's environment (workspace.ts, childEnv).
  Object.assign(process.env, { FAKE_BUILD_MS: "0", FAKE_BUILD_RUNS: runsFile() });
});
afterEach(() => {
  process.env = { ...savedEnv };
  rmSync(dir, { recursive: true, force: true });
});

function configOf(env: Record<string, string> = {}): ServiceConfig {
  return loadConfig({
    REBUILD_SECRET: SECRET,
    PUBLISH_DIR: publishDir(),
    PROJECT_DIR: projectDir(),
    BUILDS_DIR: buildsDir(),
    BUILD_COMMAND: FAKE,
    STATUS_PROJECT_ID: "",
    ...env,
  });
}

interface Harness {
  context: PipelineContext;
  releases: Releases;
  log: jest.Mock;
  persist: jest.Mock;
  prune: jest.Mock;
  exclusive: jest.Mock;
  warmLane: jest.Mock;
}

function harness(env: Record<string, string> = {}): Harness {
  const config = configOf(env);
  const releases = new Releases(config.buildsDir, config.publishDir);
  const log = jest.fn();
  const persist = jest.fn();
  const prune = jest.fn();
  const warmLane = jest.fn();
  const exclusive = jest.fn(<T>(task: () => Promise<T>) => task());
  return {
    releases,
    log,
    persist,
    prune,
    exclusive,
    warmLane,
    context: {
      config,
      releases,
      workspace: workspace(),
      logsDir: logsDir(),
      log,
      exclusive: exclusive as PipelineContext["exclusive"],
      persist,
      prune,
      warmLane,
    },
  };
}

const newBuild = (fields: Partial<Build> = {}): Build => ({
  id: newBuildId(),
  state: "queued",
  reason: "test",
  triggers: 1,
  triggeredAt: new Date().toISOString(),
  ...fields,
});

const logOf = (build: Build) => readFileSync(path.join(logsDir(), `${build.id}.log`), "utf8");
const runs = (): { event: string; id: string; documents: string | null; fullRead: string | null }[] =>
  existsSync(runsFile())
    ? readFileSync(runsFile(), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];

/** Builds and publishes once, as the release a later build is compared with. */
async function published(h: Harness): Promise<Build> {
  const build = newBuild();
  await runBuild(build, h.context);
  expect(build.state).toBe("published");
  return build;
}

describe("runBuild", () => {
  it("leaves out of its release an article taken down while it ran, and keeps one taken down before", async () => {
    const h = harness();
    const takedowns = new TakedownLog(path.join(buildsDir(), "takedowns.json"));
    takedowns.add([{ id: "doc-1", slug: "first-article", at: new Date(Date.now() - 60_000).toISOString() }]);
    const build = newBuild();
    // Taken down once the build has read the data, before it publishes.
    h.exclusive.mockImplementation(<T>(task: () => Promise<T>) => {
      takedowns.add([{ id: "doc-2", slug: "second-article", at: new Date().toISOString() }]);
      return task();
    });
    await runBuild(build, { ...h.context, takedowns });
    expect(build).toMatchObject({ state: "published", articles: 1 });
    expect(existsSync(path.join(publishDir(), "blogarticle/second-article"))).toBe(false);
    // Taken down before the build began: the data it read no longer has it (here, the stand-in still does).
    expect(existsSync(path.join(publishDir(), "blogarticle/first-article/index.html"))).toBe(true);
    expect(logOf(build)).toContain("Left out, taken down while this build ran: blogarticle/second-article, rss.xml\n");
    expect(readFileSync(path.join(publishDir(), "rss.xml"), "utf8")).not.toContain("/blogarticle/second-article<");
  });

  it("lays over its release the pages a fast lane published while it ran, not those of a lane before it", async () => {
    const h = harness();
    const page = "blogarticle/first-article/index.html";
    /** A fast-lane release as fast-lane-release.ts records it, holding its own text of the page. */
    const laneRelease = (id: string, renderedAt: string, text: string): void => {
      mkdirSync(path.dirname(path.join(h.releases.siteDir(id), page)), { recursive: true });
      writeFileSync(path.join(h.releases.siteDir(id), page), text);
      const record = { id, reason: "lane", triggeredAt: renderedAt, finishedAt: renderedAt, articles: 2 };
      const lane = { lane: "fast", files: [page], renderedAt };
      writeFileSync(path.join(h.releases.folder(id), "build.json"), JSON.stringify({ ...record, ...lane }));
    };
    laneRelease("lane-before", new Date(Date.now() - 60_000).toISOString(), "edited before the build");
    const build = newBuild();
    // An editor's change goes through the fast lane once the build has read the data.
    h.exclusive.mockImplementation(<T>(task: () => Promise<T>) => {
      laneRelease("lane-during", new Date().toISOString(), "edited while the build ran");
      return task();
    });
    await runBuild(build, h.context);
    expect(build.state).toBe("published");
    expect(readFileSync(path.join(publishDir(), page), "utf8")).toBe("edited while the build ran");
    expect(logOf(build)).toContain(`Laid over, from fast lanes newer than this build's data: ${page}`);

    // The next build read the data after that lane: its own page stands.
    const next = newBuild();
    await runBuild(next, harness().context);
    expect(readFileSync(path.join(publishDir(), page), "utf8")).not.toContain("edited");
  });

  it("builds a fresh copy of the project, then publishes it as a release with its record", async () => {
    const h = harness();
    const build = newBuild({ reason: "firestore", triggers: 2 });
    let groupWhenSaved: number | undefined;
    h.persist.mockImplementation(() => (groupWhenSaved = build.group));
    await runBuild(build, h.context);
    expect(build).toMatchObject({ state: "published", articles: 2 });
    expect(build.phase).toBeUndefined();
    expect(Date.parse(build.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(build.startedAt!));
    expect(build.durationMs).toBeGreaterThanOrEqual(0);
    // The queue is saved once the build command's process group is known, for a restart to stop it.
    expect(h.persist).toHaveBeenCalledTimes(1);
    expect(groupWhenSaved).toEqual(expect.any(Number));
    expect(build.cancel).toBeUndefined();
    expect(publishedTarget(publishDir())).toBe(h.releases.siteDir(build.id));
    expect(home()).toContain("Home v1");
    expect(JSON.parse(readFileSync(path.join(h.releases.folder(build.id), "build.json"), "utf8"))).toEqual({
      id: build.id,
      lane: "full",
      reason: "firestore",
      triggeredAt: build.triggeredAt,
      startedAt: build.startedAt,
      finishedAt: expect.any(String),
      articles: 2,
    });
    expect(h.exclusive).toHaveBeenCalledTimes(1);
    expect(h.prune).toHaveBeenCalledTimes(1);
    expect(h.log).toHaveBeenCalledWith(`Build ${build.id} started (2 triggers, firestore)`);
    expect(h.log).toHaveBeenLastCalledWith(`Build ${build.id} published (2 articles)`);
    expect(logOf(build)).toContain(`--- build ${build.id} started at ${build.startedAt} ---`);
    expect(logOf(build)).toMatch(
      new RegExp(`Release ${build.id}: \\d+ files copied, 0 shared with release \\(none\\)`),
    );
  });

  it("shares the files a later build left as they were with the release before it", async () => {
    const first = await published(harness());
    // A warm build that rewrites the home page only, as Gatsby leaves unchanged pages alone.
    const h = harness({ BUILD_COMMAND: "echo '<!DOCTYPE html><html><body>Home v2</body></html>' > public/index.html" });
    const second = newBuild();
    await runBuild(second, h.context);
    expect(second.state).toBe("published");
    expect(home()).toContain("Home v2");
    expect(logOf(second)).toMatch(
      new RegExp(`Release ${second.id}: 1 files copied, \\d+ shared with release ${first.id}`),
    );
    // The first release is as it was: a release is never written after it is made.
    expect(readFileSync(path.join(h.releases.siteDir(first.id), "index.html"), "utf8")).toContain("Home v1");
  });

  it("has the fast lane's code compiled ahead once a build publishes a version of it not kept before", async () => {
    const h = harness();
    const first = newBuild();
    await runBuild(first, h.context);
    expect(first.state).toBe("published");
    expect(h.warmLane).toHaveBeenCalledTimes(1);
    expect(h.warmLane).toHaveBeenCalledWith(laneDirOf(h.releases.folder(first.id)), first.id);
    // The same code again: already compiled.
    await runBuild(newBuild(), h.context);
    expect(h.warmLane).toHaveBeenCalledTimes(1);
    // A build that fails publishes nothing, and compiles nothing.
    project("gatsby-config.ts", "export default {};");
    const failing = harness({ BUILD_COMMAND: "exit 1" });
    await runBuild(newBuild(), failing.context);
    expect(failing.warmLane).not.toHaveBeenCalled();
  });

  it("tells the build command the documents, its id and the report folder, never the secret", async () => {
    const h = harness({
      BUILD_COMMAND: `echo "id=$BUILD_ID report=$BUILD_REPORT_DIR secret=\${REBUILD_SECRET-none}" && ${FAKE}`,
    });
    process.env.REBUILD_SECRET = SECRET;
    const build = newBuild({ documents: ["meta-1", "meta-2"] });
    await runBuild(build, h.context);
    expect(build.state).toBe("published");
    expect(runs().find((run) => run.event === "start")).toMatchObject({
      id: build.id,
      documents: "meta-1,meta-2",
      fullRead: null,
    });
    expect(logOf(build)).toContain("Documents named by the triggers: meta-1, meta-2");
    expect(logOf(build)).toContain(`id=${build.id} report=${path.join(buildsDir(), "build-report")} secret=none`);
  });

  it("keeps the secret out of the log and the log tail, even when a step prints it", async () => {
    const h = harness({ BUILD_COMMAND: `echo "token: ${SECRET}"; exit 2` });
    const build = newBuild();
    await runBuild(build, h.context);
    expect(build.logTail).toContain("token: [secret]");
    expect(logOf(build)).toContain("token: [secret]");
    expect(`${logOf(build)}${build.logTail}`).not.toContain(SECRET);
  });

  it("fails a build whose command fails, wipes the workspace's cache and output, and publishes nothing", async () => {
    const h = harness();
    const before = await published(h);
    mkdirSync(path.join(workspace(), ".cache"), { recursive: true });
    writeFileSync(path.join(workspace(), ".cache", "half-written"), "");
    project("FAIL");
    const build = newBuild();
    await runBuild(build, h.context);
    expect(build).toMatchObject({ state: "failed", phase: "build", error: "The build command exited with code 1." });
    expect(build.logTail).toContain("error in gatsby-config (FAIL present)");
    expect(existsSync(path.join(workspace(), ".cache"))).toBe(false);
    expect(existsSync(path.join(workspace(), "public"))).toBe(false);
    expect(existsSync(h.releases.folder(build.id))).toBe(false);
    expect(h.releases.publishedId()).toBe(before.id);
    expect(h.prune).toHaveBeenCalledTimes(1); // for the first build only
    expect(h.log).toHaveBeenLastCalledWith(`Build ${build.id} failed in build: The build command exited with code 1.`);
  });

  it("words how the command ended: timed out, cancelled, or killed by a signal", async () => {
    const timedOut = newBuild();
    await runBuild(timedOut, harness({ BUILD_COMMAND: "sleep 30", BUILD_TIMEOUT_MS: "300" }).context);
    expect(timedOut).toMatchObject({ phase: "build", error: "The build command timed out after 300 ms." });

    const h = harness({ BUILD_COMMAND: "sleep 30" });
    const cancelled = newBuild();
    // Cancelled as the service's stop() does, once the command runs.
    h.persist.mockImplementation(() => cancelled.cancel!());
    await runBuild(cancelled, h.context);
    expect(cancelled).toMatchObject({ phase: "build", error: "The build command was cancelled." });

    const killed = newBuild();
    await runBuild(killed, harness({ BUILD_COMMAND: "kill -9 $$" }).context);
    expect(killed).toMatchObject({ phase: "build", error: "The build command was killed by SIGKILL." });
    expect(existsSync(publishDir())).toBe(false);
  });

  it("deletes a release that fails the output check, leaving the published one", async () => {
    const h = harness();
    const before = await published(h);
    // A cold build: nothing of the last build's output is left in the workspace.
    rmSync(path.join(workspace(), "public"), { recursive: true });
    project("BROKEN_OUTPUT");
    const build = newBuild();
    await runBuild(build, h.context);
    expect(build).toMatchObject({
      state: "failed",
      phase: "check",
      error: "The output check found 1 problem: missing article page blogarticle/second-article/index.html",
    });
    expect(logOf(build)).toContain(
      "Output check failed:\n- missing article page blogarticle/second-article/index.html",
    );
    expect(existsSync(h.releases.folder(build.id))).toBe(false);
    expect(h.releases.publishedId()).toBe(before.id);
  });

  it("refuses to publish a build that lost most of the published articles, unless the request allowed it", async () => {
    const h = harness();
    project("ARTICLES", "10");
    const before = await published(h);
    project("ARTICLES", "4");
    const shrunk = newBuild();
    await runBuild(shrunk, h.context);
    expect(shrunk).toMatchObject({ state: "failed", phase: "shrink" });
    expect(shrunk.error).toMatch(
      new RegExp(`^The new build lists 4 articles where the published release ${before.id} has 10: a drop of 60%`),
    );
    expect(logOf(shrunk)).toContain(`Not published: ${shrunk.error}`);
    expect(existsSync(h.releases.folder(shrunk.id))).toBe(false);
    expect(h.releases.publishedId()).toBe(before.id);

    const allowed = newBuild({ allowShrink: true });
    await runBuild(allowed, h.context);
    expect(allowed).toMatchObject({ state: "published", articles: 4 });
    expect(logOf(allowed)).toContain("Publishing 4 articles; the request allowed any drop.");
    expect(h.releases.publishedId()).toBe(allowed.id);
  });

  it("compares with what is published when it publishes, inside the exclusive section", async () => {
    const h = harness();
    project("ARTICLES", "10");
    await published(h);
    project("ARTICLES", "4");
    const small = newBuild({ allowShrink: true });
    await runBuild(small, h.context);
    // A rollback to the release of 10 articles happens while the next build runs.
    const tenArticles = h.releases.list().find((release) => release.articles === 10)!;
    h.exclusive.mockImplementationOnce(async (task: () => Promise<unknown>) => {
      h.releases.publish(tenArticles.id);
      return task();
    });
    project("ARTICLES", "3");
    const build = newBuild();
    await runBuild(build, h.context);
    expect(build).toMatchObject({ state: "failed", phase: "shrink" });
    expect(build.error).toContain(`the published release ${tenArticles.id} has 10`);
    expect(h.releases.publishedId()).toBe(tenArticles.id);
  });

  it("puts the previous release back when the deploy command fails, or nothing when there was none", async () => {
    project("deploy.sh", 'echo "deploying $RELEASE_DIR"; test ! -e FAIL_DEPLOY || { echo "quota exceeded"; exit 3; }');
    const h = harness({ DEPLOY_COMMAND: "sh deploy.sh" });
    project("FAIL_DEPLOY");
    const first = newBuild();
    await runBuild(first, h.context);
    expect(first).toMatchObject({
      state: "failed",
      phase: "deploy",
      error: "The deploy command failed; the previous release stays published.",
    });
    expect(first.logTail).toContain("quota exceeded");
    expect(() => realpathSync(publishDir())).toThrow(/ENOENT/);
    expect(existsSync(h.releases.folder(first.id))).toBe(false);

    rmSync(path.join(projectDir(), "FAIL_DEPLOY"));
    const good = await published(h);
    expect(logOf(good)).toContain(`deploying ${h.releases.siteDir(good.id)}`);
    project("FAIL_DEPLOY");
    const failed = newBuild();
    await runBuild(failed, h.context);
    expect(failed.phase).toBe("deploy");
    expect(h.releases.publishedId()).toBe(good.id);
  });

  it("words an unexpected file system error by its code, keeping its paths for the secret's holder", async () => {
    const h = harness();
    project("NO_OUTPUT");
    const build = newBuild();
    await runBuild(build, h.context);
    expect(build).toMatchObject({
      state: "failed",
      phase: "publish",
      error: "Publishing failed (ENOENT); the previous release stays published.",
    });
    expect(build.error).not.toContain(dir);
    expect(build.detail).toContain(path.join(workspace(), "public"));
    expect(existsSync(h.releases.folder(build.id))).toBe(false);
  });

  it("rejects only a fault before its own handling: a log it cannot write", async () => {
    const h = harness();
    rmSync(logsDir(), { recursive: true });
    const build = newBuild();
    await expect(runBuild(build, h.context)).rejects.toThrow(/ENOENT/);
    expect(runs()).toEqual([]);
  });
});

describe("deployRelease", () => {
  it("succeeds at once when there is no deploy command", async () => {
    const output = jest.fn();
    expect(await deployRelease(configOf(), new Releases(buildsDir(), publishDir()), "b1", output)).toBe(true);
    expect(output).not.toHaveBeenCalled();
  });

  it("runs the command in the project with the release's folder and id, without the secret", async () => {
    process.env.REBUILD_SECRET = SECRET;
    const config = configOf({
      DEPLOY_COMMAND: 'echo "$PWD $RELEASE_DIR $BUILD_ID ${REBUILD_SECRET-none}"; exit ${DEPLOY_EXIT-0}',
    });
    const releases = new Releases(buildsDir(), publishDir());
    let output = "";
    expect(await deployRelease(config, releases, "b1", (text) => (output += text))).toBe(true);
    expect(output).toBe(`${realpathSync(projectDir())} ${releases.siteDir("b1")} b1 none\n`);
    process.env.DEPLOY_EXIT = "4";
    expect(await deployRelease(config, releases, "b1", () => undefined)).toBe(false);
  });
});
