/** @jest-environment node */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServiceStatus } from "../../../../webhook/lib/build-queue.ts";
import type { Build, BuildView } from "../../../../webhook/lib/build-record.ts";
import { groupMembersIn, type QueueFile } from "../../../../webhook/lib/queue-file.ts";
import { startBuilder, type BuilderEvent, type BuilderProcess } from "../../../support/builder-process";
import { killProcessesIn } from "../../../support/process-groups";

// The build queue in a process of its own (support/builder-child.ts; Jest cannot compile the class),
// building with the stand-in build command behind a gate the test opens for each build: one build
// at a time, a burst joined into one follow-up, queue.json surviving a crash, rollback, and a stop.

// Each test starts the queue's process once or twice and runs real commands.
jest.setTimeout(30_000);

const SECRET = "queue-secret-0123456789abcdefghijklmnopq";
const FAKE_BUILD = path.join(__dirname, "../../../support/fake-site-build.mts");

let dir: string;
let builder: BuilderProcess | undefined;
const projectDir = () => path.join(dir, "project");
const publishDir = () => path.join(dir, "site");
const buildsDir = () => path.join(dir, "builds");
const gates = () => path.join(dir, "gates");
const runsFile = () => path.join(dir, "runs.jsonl");
const queueFile = () => path.join(buildsDir(), "queue.json");
const home = () => readFileSync(path.join(publishDir(), "index.html"), "utf8");
const queue = (): QueueFile => JSON.parse(readFileSync(queueFile(), "utf8")) as QueueFile;
const runs = (): { event: string; id: string; documents: string | null }[] =>
  existsSync(runsFile())
    ? readFileSync(runsFile(), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];

/** Lets build `id` through its gate: until then its command waits, its process group running. */
const open = (id: string) => writeFileSync(path.join(gates(), id), "");

/** Starts the queue's process on the test's folders (as a restart does when called again), init() done. */
async function start(env: Record<string, string> = {}): Promise<BuilderProcess> {
  builder = await startBuilder({
    REBUILD_SECRET: SECRET,
    PUBLISH_DIR: publishDir(),
    PROJECT_DIR: projectDir(),
    BUILDS_DIR: buildsDir(),
    BUILD_COMMAND: `while [ ! -e "${gates()}/$BUILD_ID" ]; do sleep 0.02; done; exec "${process.execPath}" "${FAKE_BUILD}"`,
    STATUS_PROJECT_ID: "",
    FAKE_BUILD_MS: "0",
    FAKE_BUILD_RUNS: runsFile(),
    ...env,
  });
  await builder.call("init");
  return builder;
}

/**
 * Writes a stand-in for the fast lane's command, in the project's scripts/ as the real one. It runs
 * `special` first (JavaScript with fs, path, arg, document and file in scope, which may end the
 * process), then renders blogarticle/<document>/index.html as "lane <document>"; all of it after
 * `delayMs` when given.
 */
function laneStandIn(special = "", delayMs?: number): void {
  mkdirSync(path.join(projectDir(), "scripts"));
  writeFileSync(
    path.join(projectDir(), "scripts", "fast-lane-article.ts"),
    `const fs = require("node:fs"), path = require("node:path");
const arg = (name) => process.argv[process.argv.indexOf(name) + 1];
const document = arg("--document"), file = "blogarticle/" + document + "/index.html";
const run = () => {
${special}
fs.mkdirSync(path.join(arg("--out"), path.dirname(file)), { recursive: true });
fs.writeFileSync(path.join(arg("--out"), file), "lane " + document);
console.log(JSON.stringify({ rendered: true, pagePath: "/blogarticle/" + document, files: [file] }));
};
${delayMs === undefined ? "run();" : `setTimeout(run, ${delayMs});`}
`,
  );
}

type Triggered = { build: BuildView; coalesced: boolean };
const trigger = (fields: { reason?: string; allowShrink?: boolean; documents?: string[] } = {}) =>
  builder!.call<Triggered>("trigger", fields);
const finished = (id: string) =>
  builder!.waitFor(
    (event): event is Extract<BuilderEvent, { event: "finished" }> => event.event === "finished" && event.id === id,
  );
const started = (id: string) => builder!.waitFor((event) => event.event === "started" && event.id === id);
const status = (full = false) => builder!.call<ServiceStatus>("status", { full });

/** Triggers a build, lets it through and waits for its end. */
async function build(fields: { reason?: string; allowShrink?: boolean } = {}): Promise<Build> {
  const { build: accepted } = await trigger(fields);
  open(accepted.id);
  return (await finished(accepted.id)).build;
}

/** Waits until queue.json names the running build's process group: its command runs. */
async function runningGroup(): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const group = existsSync(queueFile()) ? queue().current?.group : undefined;
    if (group) return group;
    if (Date.now() > deadline) throw new Error("the build command never started");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), "build-queue-")));
  mkdirSync(projectDir());
  mkdirSync(gates());
  writeFileSync(path.join(projectDir(), "version.txt"), "v1");
});

afterEach(async () => {
  await builder?.crash();
  builder = undefined;
  killProcessesIn(dir);
  rmSync(dir, { recursive: true, force: true });
});

describe("Builder", () => {
  it("starts a trigger's build at once and publishes it", async () => {
    await start();
    const { build: accepted, coalesced } = await trigger({ reason: "manual", documents: ["meta-1"] });
    expect(coalesced).toBe(false);
    expect(accepted).toMatchObject({ state: "building", reason: "manual", triggers: 1 });
    await started(accepted.id);
    open(accepted.id);
    const { build: done } = await finished(accepted.id);
    expect(done).toMatchObject({ state: "published", articles: 2, documents: ["meta-1"] });
    expect(home()).toContain("Home v1");
    const after = await status();
    expect(after).toMatchObject({ published: accepted.id, current: null, queued: null });
    expect(after.builds.map((kept) => [kept.id, kept.state])).toEqual([[accepted.id, "published"]]);
    expect(queue()).toEqual({ current: null, queued: null });
  });

  it("joins every trigger during a build into one follow-up build, carrying all their documents", async () => {
    await start();
    const first = (await trigger({ reason: "first", documents: ["meta-0"] })).build;
    await runningGroup();
    const burst = [
      await trigger({ reason: "second", documents: ["meta-1"] }),
      await trigger({ reason: "third", documents: ["meta-2", "meta-1"], allowShrink: true }),
      await trigger({ reason: "fourth" }),
    ];
    const followUp = burst[0]!.build.id;
    expect(burst.map(({ build: { id, state }, coalesced }) => [id, state, coalesced])).toEqual([
      [followUp, "queued", false],
      [followUp, "queued", true],
      [followUp, "queued", true],
    ]);
    // What an accepted request changed is saved at once, for a restart to find.
    expect(queue()).toMatchObject({
      current: { id: first.id, group: expect.any(Number) },
      queued: { id: followUp, reason: "second", triggers: 3, allowShrink: true, documents: ["meta-1", "meta-2"] },
    });
    expect(await status()).toMatchObject({ current: { id: first.id, state: "building" }, queued: { triggers: 3 } });

    open(first.id);
    open(followUp);
    expect((await finished(followUp)).build).toMatchObject({ state: "published", triggers: 3 });
    // One at a time: the follow-up started only after the first had ended.
    const order = builder!.events.flatMap((event) =>
      event.event === "started" || event.event === "finished" ? [`${event.event}:${event.id}`] : [],
    );
    expect(order).toEqual([
      `started:${first.id}`,
      `finished:${first.id}`,
      `started:${followUp}`,
      `finished:${followUp}`,
    ]);
    expect(runs().map((run) => [run.event, run.id, run.documents])).toEqual([
      ["start", first.id, "meta-0"],
      ["end", first.id, "meta-0"],
      ["start", followUp, "meta-1,meta-2"],
      ["end", followUp, "meta-1,meta-2"],
    ]);
    // The observer heard every trigger, with the documents each named.
    expect(
      builder!.events.flatMap((event) => (event.event === "triggered" ? [[event.id, event.documents]] : [])),
    ).toEqual([
      [first.id, ["meta-0"]],
      [followUp, ["meta-1"]],
      [followUp, ["meta-2", "meta-1"]],
      [followUp, []],
    ]);
    expect((await status()).builds.map((kept) => kept.id)).toEqual([followUp, first.id]);
  });

  it("runs the fast lane before the full build; triggers during it give one more fast lane and one full build", async () => {
    // Renders after a short wait, or leaves "refused" to the full build, or is killed half-way.
    laneStandIn(
      `if (document === "killed") { fs.mkdirSync(arg("--out"), { recursive: true }); fs.writeFileSync(path.join(arg("--out"), "half"), ""); process.kill(process.pid, "SIGKILL"); }
if (document === "refused") { console.log(JSON.stringify({ rendered: false, reason: "a title changed" })); process.exit(3); }`,
      700,
    );
    await start();
    const first = await build({ reason: "first" });
    expect(first).toMatchObject({ state: "published", lane: "full" });
    const laneFile = (document: string) => path.join(publishDir(), "blogarticle", document, "index.html");

    const accepted = await trigger({ reason: "edit", documents: ["doc-1"] });
    // Accepted at once, started once the fast lane is over.
    expect(accepted).toMatchObject({ build: { state: "queued", lane: "full" }, coalesced: false });
    const burst = [await trigger({ documents: ["doc-2"] }), await trigger({ documents: ["doc-3"] })];
    expect(burst.map(({ build: { id }, coalesced }) => [id, coalesced])).toEqual([
      [accepted.build.id, true],
      [accepted.build.id, true],
    ]);
    await started(accepted.build.id);
    // Two fast lanes were published before the full build started: doc-1, then doc-2 and doc-3.
    expect(["doc-1", "doc-2", "doc-3"].map((document) => readFileSync(laneFile(document), "utf8"))).toEqual([
      "lane doc-1",
      "lane doc-2",
      "lane doc-3",
    ]);
    const lanes = (await status()).builds.filter((kept) => kept.lane === "fast");
    expect(lanes.map(({ state }) => state)).toEqual(["published", "published"]);
    const records = lanes.map(
      ({ id }) => JSON.parse(readFileSync(path.join(buildsDir(), "releases", id, "build.json"), "utf8")) as object,
    );
    expect(records).toEqual([
      expect.objectContaining({ lane: "fast", documents: ["doc-2", "doc-3"], base: lanes[1]!.id }),
      expect.objectContaining({ lane: "fast", documents: ["doc-1"], base: first.id }),
    ]);
    // The full build behind them carries every document, once.
    open(accepted.build.id);
    expect((await finished(accepted.build.id)).build).toMatchObject({
      state: "published",
      triggers: 3,
      documents: ["doc-1", "doc-2", "doc-3"],
    });
    expect(runs().filter((run) => run.event === "start")).toHaveLength(2);

    // A refused article leaves the live release as it was; only the full build runs.
    const published = (await status()).published;
    const refused = await trigger({ documents: ["refused"] });
    open(refused.build.id);
    await finished(refused.build.id);
    expect((await status()).builds.filter((kept) => kept.lane === "fast")).toHaveLength(2);
    expect(builder!.logs()).toContain("fast lane: left to the full build: refused: a title changed");
    expect(published).not.toBe((await status()).published);

    // A lane killed mid-way leaves the live release as it was, and the full build behind it runs.
    const live = (await status()).published;
    const killed = await trigger({ documents: ["killed"] });
    const deadline = Date.now() + 10_000;
    while (!builder!.logs().some((line) => line.startsWith("fast lane: left to the full build: killed: "))) {
      if (Date.now() > deadline) throw new Error(`the killed lane was never reported:\n${builder!.logs().join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await status()).published).toBe(live);
    expect(existsSync(laneFile("killed"))).toBe(false);
    expect((await status()).builds[0]).toMatchObject({ lane: "fast", state: "failed" });
    open(killed.build.id);
    expect((await finished(killed.build.id)).build).toMatchObject({ state: "published" });
  });

  it("keeps the fast lane going from a take-down's release, with the renderer of the release it came from", async () => {
    // The article taken down is not published any more: its lane is left to the full build.
    laneStandIn(
      `if (document === "doc-2") { console.log(JSON.stringify({ rendered: false, reason: "not published" })); process.exit(3); }`,
    );
    await start();
    await build({ reason: "first" });
    const takenDown = await builder!.call<{ release: string; buildId: string }>("takeDown", [
      { id: "doc-2", slug: "second-article" },
    ]);
    expect((await status()).published).toBe(takenDown.release);
    // Made from the spare linked while nothing waited, not linked file by file while the editor waits.
    expect(builder!.logs()).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Took down second-article: release ${takenDown.release} \\(\\d+ files shared, linked ahead\\)$`),
      ),
    );
    // While the full build behind the take-down waits at its gate, an edit goes through the lane.
    const edit = await trigger({ documents: ["edited"] });
    const deadline = Date.now() + 10_000;
    while (!builder!.logs().some((line) => / published edited in \d+ ms$/.test(line))) {
      if (Date.now() > deadline) throw new Error(`no fast lane for the edit:\n${builder!.logs().join("\n")}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lane = (await status()).builds[0]!;
    expect(lane).toMatchObject({ lane: "fast", state: "published" });
    // The lane took the spare of the take-down's release in its turn.
    expect(readFileSync(path.join(buildsDir(), "logs", `${lane.id}.log`), "utf8")).toMatch(
      new RegExp(`files shared with release ${takenDown.release} \\(its spare, linked ahead\\)`),
    );
    expect(readFileSync(path.join(publishDir(), "blogarticle", "edited", "index.html"), "utf8")).toBe("lane edited");
    // The article taken down stays down in the lane's release.
    expect(existsSync(path.join(publishDir(), "blogarticle", "second-article"))).toBe(false);
    // Joined to the take-down's build, or queued behind it when that one had already started.
    for (const id of new Set([takenDown.buildId, edit.build.id])) {
      open(id);
      expect((await finished(id)).build).toMatchObject({ state: "published" });
    }
  });

  it("makes the spare again when a fast lane fails after taking it, so the next lane does not link the site", async () => {
    // "unwritten" names a file it never wrote: writing the lane's release fails after the spare was taken.
    laneStandIn(
      `if (document === "unwritten") { console.log(JSON.stringify({ rendered: true, pagePath: "/blogarticle/unwritten", files: ["blogarticle/unwritten/index.html"] })); process.exit(0); }`,
    );
    await start();
    const first = await build({ reason: "first" });
    const failed = await trigger({ documents: ["unwritten"] });
    /** The `count`th fast lane once it has ended (the newest), and its log. */
    const laneEnded = async (count: number): Promise<{ lane: BuildView; log: string }> => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const lanes = (await status()).builds.filter((kept) => kept.lane === "fast");
        if (lanes.length === count) {
          const lane = lanes[0]!;
          return { lane, log: readFileSync(path.join(buildsDir(), "logs", `${lane.id}.log`), "utf8") };
        }
        if (Date.now() > deadline) throw new Error(`no fast lane ${count}:\n${builder!.logs().join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect((await laneEnded(1)).lane).toMatchObject({ state: "failed", error: expect.stringMatching(/ENOENT/) });
    expect((await status()).published).toBe(first.id);
    // While the full build behind it waits at its gate, the next edit takes a spare of the live release.
    const edit = await trigger({ documents: ["edited"] });
    const { lane, log } = await laneEnded(2);
    expect(lane).toMatchObject({ state: "published" });
    expect(log).toMatch(new RegExp(`files shared with release ${first.id} \\(its spare, linked ahead\\)`));
    for (const id of new Set([failed.build.id, edit.build.id])) {
      open(id);
      expect((await finished(id)).build).toMatchObject({ state: "published" });
    }
  });

  it("sends a trigger naming documents straight to the full build when FAST_LANE is off", async () => {
    // A stand-in for the fast lane's command that would publish at once, were it run.
    laneStandIn();
    await start({ FAST_LANE: "off" });
    await build({ reason: "first" });
    const accepted = await trigger({ reason: "edit", documents: ["doc-1"] });
    expect(accepted).toMatchObject({ build: { state: "building", lane: "full" }, coalesced: false });
    expect(builder!.logs()).toContain("fast lane: left to the full build: FAST_LANE is off");
    open(accepted.build.id);
    expect((await finished(accepted.build.id)).build).toMatchObject({ state: "published", documents: ["doc-1"] });
    expect((await status()).builds.map(({ lane }) => lane)).toEqual(["full", "full"]);
    expect(existsSync(path.join(publishDir(), "blogarticle", "doc-1", "index.html"))).toBe(false);
  });

  it("keeps accepted builds across a crash: stops what the interrupted one left running, then builds the queued one", async () => {
    await start();
    const cut = (await trigger({ reason: "running at the crash" })).build;
    const group = await runningGroup();
    const queued = (await trigger({ reason: "queued at the crash", documents: ["meta-1"], allowShrink: true })).build;
    await builder!.crash();
    // kill -9 leaves the build command's process group running in the workspace.
    const workspace = path.join(buildsDir(), "workspace");
    expect(groupMembersIn(group, workspace)).not.toEqual([]);

    await start();
    await builder!.call("resume");
    expect(groupMembersIn(group, workspace)).toEqual([]);
    expect(builder!.logs()).toEqual(
      expect.arrayContaining([
        `Stopped what was left running of build ${cut.id}`,
        `Resuming build ${queued.id}, accepted before the service stopped`,
      ]),
    );
    open(queued.id);
    expect((await finished(queued.id)).build).toMatchObject({
      state: "published",
      reason: "queued at the crash",
      allowShrink: true,
      documents: ["meta-1"],
    });
    const after = await status();
    expect(after.published).toBe(queued.id);
    expect(after.builds.map(({ id, state, phase }) => [id, state, phase])).toEqual([
      [queued.id, "published", undefined],
      [cut.id, "failed", "interrupted"],
    ]);
    expect(after.builds[1]!.error).toBe(
      `The service stopped before this build finished; build ${queued.id}, which includes its changes, runs instead.`,
    );
    expect(runs().map((run) => `${run.event}:${run.id}`)).toEqual([`start:${queued.id}`, `end:${queued.id}`]);
  });

  it("runs a build cut short by a crash again, under its own id, from a clean workspace", async () => {
    await start();
    const cut = (await trigger({ reason: "cut short" })).build;
    await runningGroup();
    const workspace = path.join(buildsDir(), "workspace");
    // What the interrupted build wrote is incomplete: its output and maybe Gatsby's cache.
    mkdirSync(path.join(workspace, "public"), { recursive: true });
    writeFileSync(path.join(workspace, "public", "half-written.html"), "<html>");
    mkdirSync(path.join(workspace, ".cache"), { recursive: true });
    await builder!.crash();

    await start();
    await builder!.call("resume");
    await started(cut.id);
    expect(existsSync(path.join(workspace, ".cache"))).toBe(false);
    expect(existsSync(path.join(workspace, "public"))).toBe(false);
    open(cut.id);
    expect((await finished(cut.id)).build).toMatchObject({ state: "published", reason: "cut short" });
    expect((await status()).published).toBe(cut.id);
  });

  it("does not build again a build that was published before the crash", async () => {
    await start();
    const done = await build();
    // Published, but killed before queue.json was cleared: the file as it was then.
    await builder!.crash();
    writeFileSync(queueFile(), JSON.stringify({ current: { ...done, group: undefined }, queued: null }));
    await start();
    await builder!.call("resume");
    expect(builder!.logs()).toContain(`Build ${done.id} had been published before the service stopped`);
    expect(await status()).toMatchObject({ published: done.id, current: null, queued: null });
    expect(queue()).toEqual({ current: null, queued: null });
  });

  it("clears what a fast lane or a spare release cut short by a crash left in its scratch folders", async () => {
    const left = path.join(buildsDir(), "fast-lane", "20260101T000000000Z-1", "blogarticle", "a");
    mkdirSync(left, { recursive: true });
    writeFileSync(path.join(left, "index.html"), "half written");
    const spare = path.join(buildsDir(), "spare", "20260101T000000000Z-0.1", "site");
    mkdirSync(spare, { recursive: true });
    writeFileSync(path.join(spare, "index.html"), "half linked");
    await start();
    expect(existsSync(path.join(buildsDir(), "fast-lane"))).toBe(false);
    expect(existsSync(path.join(buildsDir(), "spare"))).toBe(false);
    expect(existsSync(path.join(buildsDir(), "releases"))).toBe(true);
  });

  it("moves an unreadable queue.json aside and starts with an empty queue", async () => {
    mkdirSync(buildsDir());
    writeFileSync(queueFile(), '{"current": {"id": ');
    await start();
    await builder!.call("resume");
    const aside = readdirSync(buildsDir()).filter((name) => name.startsWith("queue.json.unreadable-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(buildsDir(), aside[0]!), "utf8")).toBe('{"current": {"id": ');
    expect(builder!.logs()).toContainEqual(
      expect.stringMatching(
        /^Cannot read .*queue\.json \(.*\); moved it to .*unreadable-\d+ and start with an empty queue$/,
      ),
    );
    expect(await status()).toMatchObject({ current: null, queued: null, builds: [] });
    expect((await build()).state).toBe("published");
  });

  it("stops: cancels the running build, refuses new triggers, and keeps the accepted builds for the next start", async () => {
    await start();
    const running = (await trigger({ reason: "running" })).build;
    const group = await runningGroup();
    const queued = (await trigger({ reason: "queued" })).build;
    const saved = readFileSync(queueFile(), "utf8");
    await builder!.call("stop");
    expect(groupMembersIn(group, path.join(buildsDir(), "workspace"))).toEqual([]);
    expect(builder!.logs()).toContain("2 accepted builds will run when the service starts again");
    await expect(trigger()).rejects.toMatchObject({ message: "The service is stopping.", statusCode: 503 });
    expect(readFileSync(queueFile(), "utf8")).toBe(saved);
    // A build cancelled by a stop has not failed: the observer is not told it finished.
    expect(builder!.events.some((event) => event.event === "finished")).toBe(false);
    expect(queue()).toMatchObject({ current: { id: running.id }, queued: { id: queued.id } });
    expect(existsSync(publishDir())).toBe(false);
  });

  it("rolls back to the release before the published one, or a named one, and refuses what is not kept", async () => {
    await start({ KEEP_BUILDS: "2" });
    const ids: string[] = [];
    for (const version of ["v1", "v2", "v3"]) {
      writeFileSync(path.join(projectDir(), "version.txt"), version);
      ids.push((await build({ reason: version })).id);
    }
    expect((await status()).releases.map(({ id, published }) => [id, published])).toEqual([
      [ids[2], true],
      [ids[1], false],
    ]);
    expect(await builder!.call("rollback")).toEqual({ published: ids[1], previous: ids[2] });
    expect(home()).toContain("Home v2");
    expect(builder!.logs()).toContain(`Rolled back: ${ids[2]} -> ${ids[1]}`);
    await expect(builder!.call("rollback")).rejects.toMatchObject({
      message: "No earlier release to roll back to.",
      statusCode: 409,
    });
    expect(await builder!.call("rollback", ids[2])).toEqual({ published: ids[2], previous: ids[1] });
    expect(home()).toContain("Home v3");
    await expect(builder!.call("rollback", ids[0])).rejects.toMatchObject({
      message: `No kept release ${ids[0]}.`,
      statusCode: 404,
    });
    expect((await status()).published).toBe(ids[2]);
  });

  it("keeps the published release when the deploy command fails on a rollback", async () => {
    writeFileSync(path.join(projectDir(), "deploy.sh"), "test ! -e FAIL_DEPLOY");
    await start({ DEPLOY_COMMAND: "sh deploy.sh" });
    await build();
    writeFileSync(path.join(projectDir(), "version.txt"), "v2");
    const latest = await build();
    writeFileSync(path.join(projectDir(), "FAIL_DEPLOY"), "");
    await expect(builder!.call("rollback")).rejects.toMatchObject({
      message: "The deploy command failed; the previous release stays published.",
      statusCode: 502,
    });
    expect((await status()).published).toBe(latest.id);
    expect(home()).toContain("Home v2");
  });

  it("shows states to anyone, and log files and paths to the secret's holder only", async () => {
    await start();
    writeFileSync(path.join(projectDir(), "FAIL"), "");
    const failed = await build({ reason: "broken" });
    const open = await status();
    expect(open).not.toHaveProperty("paths");
    expect(open.builds[0]).toMatchObject({ id: failed.id, state: "failed", phase: "build" });
    expect(open.builds[0]).not.toHaveProperty("logTail");
    expect(JSON.stringify(open)).not.toContain(dir);
    const full = await status(true);
    expect(full.paths).toEqual({
      publishDir: publishDir(),
      publishedTarget: null,
      projectDir: projectDir(),
      buildsDir: buildsDir(),
      queueFile: queueFile(),
    });
    expect(full.builds[0]).toMatchObject({
      logFile: path.join(buildsDir(), "logs", `${failed.id}.log`),
      logTail: expect.stringContaining("FAIL present"),
    });
  });

  it("goes on building when telling editors fails, or when a build meets an unexpected fault", async () => {
    await start({ OBSERVER_THROWS: "1" });
    expect((await build()).state).toBe("published");
    expect(builder!.logs()).toContain("Cannot report the build to editors: Firestore is unreachable");
    // The log folder gone: the build cannot even write its log.
    rmSync(path.join(buildsDir(), "logs"), { recursive: true });
    const faulted = await build();
    expect(faulted).toMatchObject({
      state: "failed",
      phase: "internal",
      error: "An unexpected fault stopped the build (ENOENT).",
      detail: expect.stringContaining("ENOENT"),
    });
    mkdirSync(path.join(buildsDir(), "logs"));
    expect((await build()).state).toBe("published");
  });

  it("refuses to start when PUBLISH_DIR is a folder rather than a symlink", async () => {
    mkdirSync(publishDir());
    await expect(start()).rejects.toThrow(/PUBLISH_DIR .* exists and is not a symlink/);
  });
});
