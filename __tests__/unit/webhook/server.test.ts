/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  post,
  startService,
  status,
  waitForIdle,
  waitForStatus,
  type RebuildService,
} from "../../support/rebuild-service";
import { killProcessesIn } from "../../support/process-groups";

// `node webhook/server.ts` as the service runs: it reads its settings, takes up what a previous run
// left in queue.json, listens, answers each route, and on SIGTERM or SIGINT stops cleanly, leaving
// the accepted builds for the next start. What each route answers in detail is http.ts's test; how
// the queue builds, build-queue.ts's.

// Each test starts the service, a Node process, once or twice.
jest.setTimeout(60_000);

const FAKE_BUILD = path.join(__dirname, "../../support/fake-site-build.mts");

let dir: string;
let service: RebuildService | undefined;
const publishDir = () => path.join(dir, "site");
const projectDir = () => path.join(dir, "project");
const buildsDir = () => path.join(dir, "builds");
const runsFile = () => path.join(dir, "runs.jsonl");
const runs = (): { event: string; id: string }[] =>
  existsSync(runsFile())
    ? readFileSync(runsFile(), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];

const settings = (env: Record<string, string> = {}): Record<string, string> => ({
  PUBLISH_DIR: publishDir(),
  PROJECT_DIR: projectDir(),
  BUILDS_DIR: buildsDir(),
  BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
  FAKE_BUILD_RUNS: runsFile(),
  FAKE_BUILD_MS: "0",
  // No Firestore: neither editors' states nor scheduled publishing.
  STATUS_PROJECT_ID: "",
  SCHEDULE_PROJECT_ID: "",
  ...env,
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "server-"));
  mkdirSync(projectDir());
  writeFileSync(path.join(projectDir(), "version.txt"), "v1");
});

afterEach(async () => {
  await service?.stop();
  service = undefined;
  // What a failing test's service left building.
  killProcessesIn(realpathSync(dir));
  rmSync(dir, { recursive: true, force: true });
});

/** How the service ended when it refused to start: its exit code and what it said. */
async function refusal(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    service = await startService(settings(env));
  } catch (error) {
    const [, code, output] = /exited with (\d+):\n([\s\S]*)$/.exec(String((error as Error).message)) ?? [];
    return { code: Number(code), output: output ?? String(error) };
  }
  throw new Error("the service started");
}

describe("the rebuild service", () => {
  it("says where it listens and publishes, and answers each route", async () => {
    service = await startService(settings());
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.output()).toContain(
      `[rebuild] Rebuild webhook listening on ${service.url}; publishing to ${publishDir()}`,
    );
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    // /status needs credentials; the secret gets everything, paths included.
    const open = await fetch(`${service.url}/status`);
    expect(open.status).toBe(401);
    expect(Object.keys(await status(service)).sort()).toEqual([
      "builds",
      "current",
      "paths",
      "published",
      "queued",
      "releases",
    ]);
    expect((await fetch(`${service.url}/rebuild`)).status).toBe(405);
    expect((await fetch(`${service.url}/elsewhere`)).status).toBe(404);
    const unsigned = await fetch(`${service.url}/rebuild`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(401);

    const accepted = await post(`${service.url}/rebuild`, { reason: "from the test" });
    expect(accepted.status).toBe(202);
    const { buildId } = (await accepted.json()) as { buildId: string };
    const done = await waitForIdle(service, 30_000);
    expect(done.builds.map(({ id, state, reason }) => [id, state, reason])).toEqual([
      [buildId, "published", "from the test"],
    ]);
    expect(done.published).toBe(buildId);
    // The signed request's id is kept beside queue.json, for a restart to refuse it again.
    expect(readFileSync(path.join(buildsDir(), "request-ids.json"), "utf8")).toContain('"until"');
  });

  it("refuses to start with exit code 78 when its settings are wrong, saying why", async () => {
    expect(await refusal({ REBUILD_SECRET: "too-short" })).toEqual({
      code: 78,
      output: expect.stringContaining("[rebuild] Cannot start: REBUILD_SECRET must be set to at least 32 characters"),
    });
    expect(await refusal({ SCHEDULE_PROJECT_ID: "kindred-test", SCHEDULE_POLL_MS: "5" })).toEqual({
      code: 78,
      output: expect.stringContaining("[rebuild] Cannot start: SCHEDULE_POLL_MS must be an integer from 100 to 60000"),
    });
    expect(await refusal({ KEEP_BUILDS: "none" })).toMatchObject({ code: 78 });
  });

  it("refuses to start with exit code 1 when PUBLISH_DIR cannot be managed or the port is taken", async () => {
    mkdirSync(publishDir());
    expect(await refusal({})).toEqual({
      code: 1,
      output: expect.stringContaining(
        `[rebuild] Cannot start: PUBLISH_DIR ${publishDir()} exists and is not a symlink`,
      ),
    });
    rmSync(publishDir(), { recursive: true });

    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      expect(await refusal({ PORT: String(port) })).toEqual({
        code: 1,
        output: expect.stringContaining(`[rebuild] Cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`),
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("builds at its start what a previous run accepted and did not finish", async () => {
    mkdirSync(buildsDir());
    const id = "20270214T065900000Z-abc123";
    writeFileSync(
      path.join(buildsDir(), "queue.json"),
      JSON.stringify({
        current: null,
        queued: { id, reason: "accepted before the restart", triggers: 2, triggeredAt: "2027-02-14T06:59:00.000Z" },
      }),
    );
    service = await startService(settings());
    const done = await waitForStatus(service, (now) => now.builds.length === 1 && !now.current, 30_000);
    expect(done.builds[0]).toMatchObject({
      id,
      state: "published",
      reason: "accepted before the restart",
      triggers: 2,
    });
    expect(service.output()).toContain(`Resuming build ${id}, accepted before the service stopped`);
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops on %s with exit code 0, cancelling the running build and keeping it for the next start",
    async (signal) => {
      service = await startService(settings({ FAKE_BUILD_MS: "30000" }));
      const { buildId } = (await (await post(`${service.url}/rebuild`)).json()) as { buildId: string };
      await waitForStatus(service, () => runs().some((run) => run.event === "start" && run.id === buildId), 30_000);
      const before = await status(service);
      expect(before.current).toMatchObject({ id: buildId, state: "building" });
      const running = service;
      service = undefined;
      running.child.kill(signal);
      expect(await running.exited).toBe(0);
      expect(running.output()).toContain(
        `[rebuild] ${signal}: stopping; a running build is cancelled and the published site is left as it is`,
      );
      expect(running.output()).toContain("1 accepted build will run when the service starts again");
      expect(runs().map((run) => `${run.event}:${run.id}`)).toEqual([`start:${buildId}`]);
      expect(JSON.parse(readFileSync(path.join(buildsDir(), "queue.json"), "utf8"))).toMatchObject({
        current: { id: buildId },
      });
      expect(existsSync(publishDir())).toBe(false);
    },
  );
});
