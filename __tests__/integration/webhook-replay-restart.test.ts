import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  SECRET,
  signedHeaders,
  startService,
  status,
  waitForIdle,
  type RebuildService,
} from "../support/rebuild-service";

// The rebuild service as a real process, killed and started again: the ids of the signed requests
// it accepted are kept in BUILDS_DIR beside queue.json, so a request recorded before the restart
// cannot be sent again after it while its timestamp is inside the five-minute window.
const FAKE_BUILD = path.join(__dirname, "../support/fake-site-build.mts");

let dir: string;
let service: RebuildService | undefined;

const start = () =>
  startService({
    PUBLISH_DIR: path.join(dir, "site"),
    PROJECT_DIR: path.join(dir, "project"),
    BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
    FAKE_BUILD_MS: "100",
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rebuild-replay-"));
  mkdirSync(path.join(dir, "project"));
  writeFileSync(path.join(dir, "project", "version.txt"), "v1");
});

afterEach(async () => {
  await service?.stop();
  service = undefined;
  rmSync(dir, { recursive: true, force: true });
});

test("a signed request recorded before a restart is refused after it", async () => {
  service = await start();
  const body = JSON.stringify({ reason: "recorded" });
  const recorded = signedHeaders(body);
  const send = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/rebuild`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  expect((await send(service.url, recorded)).status).toBe(202);
  await waitForIdle(service);
  const { buildsDir } = (await status(service)).paths!;

  // kill -9: nothing gets written on the way out, so the id must have been saved before the 202.
  service.child.kill("SIGKILL");
  await service.exited;
  service = await start();

  const replayed = await send(service.url, recorded);
  expect(replayed.status).toBe(401);
  expect(((await replayed.json()) as { error: string }).error).toMatch(/already been used/);
  expect(service.output()).toMatch(/Refused \/rebuild from 127\.0\.0\.1: the request id .* has already been used/);
  // A new request, signed now, is still welcome.
  expect((await send(service.url, signedHeaders(body))).status).toBe(202);
  expect((await waitForIdle(service)).builds.map((build) => build.reason)).toEqual(["recorded"]);

  // The file lives beside queue.json and names the id, never the secret.
  expect(readdirSync(buildsDir)).toEqual(expect.arrayContaining(["queue.json", "request-ids.json"]));
  const saved = readFileSync(path.join(buildsDir, "request-ids.json"), "utf8");
  expect(saved).toContain(recorded["x-rebuild-id"]);
  expect(saved).not.toContain(SECRET);
  expect(existsSync(path.join(dir, "site"))).toBe(true);
});
