import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import functionsTest from "firebase-functions-test";
import { requestRebuild } from "../../webhook/trigger/src/index.ts";
import {
  fingerprint,
  post,
  SECRET,
  sign,
  signedHeaders,
  startService,
  status,
  waitForIdle,
  waitForStatus,
  type RebuildService,
} from "../support/rebuild-service";

// The rebuild service as a real process, with a stand-in build command that can be held open,
// failed or broken on demand: authentication, limits, coalescing, failure and rollback.
const FAKE_BUILD = path.join(__dirname, "../support/fake-site-build.mts");

let dir: string;
let service: RebuildService;
const projectDir = () => path.join(dir, "project");
const publishDir = () => path.join(dir, "site");
const runsFile = () => path.join(dir, "runs.jsonl");
const runs = (): {
  event: string;
  id: string;
  pid: number;
  at: number;
  secret: string | null;
  documents: string | null;
  fullRead: string | null;
}[] =>
  existsSync(runsFile())
    ? readFileSync(runsFile(), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];
const homePage = () => readFileSync(path.join(publishDir(), "index.html"), "utf8");
const started = (id: string) => runs().find((event) => event.event === "start" && event.id === id);
/** Whether a process still runs (a zombie waiting to be reaped does not). */
const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

const start = (env: Record<string, string> = {}) =>
  startService({
    PUBLISH_DIR: publishDir(),
    PROJECT_DIR: projectDir(),
    BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
    FAKE_BUILD_RUNS: runsFile(),
    FAKE_BUILD_MS: "100",
    ...env,
  });

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "rebuild-queue-"));
  mkdirSync(projectDir());
  writeFileSync(path.join(projectDir(), "version.txt"), "v1");
});

afterEach(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** What the service said when it refused to start, or "started" (after stopping it again). */
async function refusal(env: Record<string, string>): Promise<string> {
  try {
    await (await startService(env)).stop();
    return "started";
  } catch (error) {
    return String(error);
  }
}

test("refuses to start without a strong REBUILD_SECRET or a PUBLISH_DIR, saying why", async () => {
  expect(await refusal({ REBUILD_SECRET: "too-short", PUBLISH_DIR: path.join(dir, "site") })).toMatch(
    /exited with 78[\s\S]*REBUILD_SECRET must be set to at least 32 characters \(it has 9\)/,
  );
  expect(await refusal({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "" })).toMatch(/PUBLISH_DIR must name/);
  // Long enough, and no secret at all.
  expect(await refusal({ REBUILD_SECRET: " ".repeat(32), PUBLISH_DIR: path.join(dir, "site") })).toMatch(
    /exited with 78[\s\S]*REBUILD_SECRET is too easy to guess: it uses only 1 different character[\s\S]*randomBytes\(32\)/,
  );
});

test("answers 401 to a bad signature or token and builds nothing", async () => {
  service = await start();
  const body = JSON.stringify({ reason: "forged" });
  const attempts: Record<string, string>[] = [
    signedHeaders(body, { secret: "another-secret-that-is-long-enough-000" }),
    signedHeaders(JSON.stringify({ reason: "tampered" })),
    { ...signedHeaders(body), "x-signature-256": signedHeaders(body)["x-signature-256"]!.replace("sha256=", "") },
    { ...signedHeaders(body), "x-rebuild-timestamp": String(Math.floor(Date.now() / 1000) - 1) },
    // The old scheme: a signature of the body alone.
    { "x-signature-256": sign(body) },
    { "x-signature-256": "sha256=" },
    // A valid token does not rescue a request whose signature is wrong.
    { "x-signature-256": "sha256=00", authorization: `Bearer ${SECRET}` },
    { authorization: `Bearer ${SECRET.slice(0, -1)}` },
    { authorization: SECRET },
    {},
  ];
  for (const headers of attempts) {
    const response = await fetch(`${service.url}/rebuild`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  }
  const rollback = await fetch(`${service.url}/rollback`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  expect(rollback.status).toBe(401);
  expect(existsSync(publishDir())).toBe(false);
  // One genuine trigger after them: once its build has run, any build a refused request had
  // started would have run (or be running) too, so the queue's history holds the whole story.
  const genuine = (await (await post(`${service.url}/rebuild`, { reason: "genuine" })).json()) as { buildId: string };
  const after = await waitForIdle(service);
  expect(after.builds.map((build) => [build.id, build.reason, build.triggers])).toEqual([
    [genuine.buildId, "genuine", 1],
  ]);
  expect(runs().map((event) => `${event.event}:${event.id}`)).toEqual([
    `start:${genuine.buildId}`,
    `end:${genuine.buildId}`,
  ]);
  expect(after.published).toBe(genuine.buildId);
});

test("a signed request counts once, and only within five minutes of its timestamp", async () => {
  service = await start();
  const body = JSON.stringify({ reason: "signed once" });
  const send = (headers: Record<string, string>) =>
    fetch(`${service.url}/rebuild`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });
  const headers = signedHeaders(body);
  const first = await send(headers);
  expect(first.status).toBe(202);
  const { buildId } = (await first.json()) as { buildId: string };

  // The very same request again, as someone who recorded it would send it.
  const replayed = await send(headers);
  expect(replayed.status).toBe(401);
  expect(((await replayed.json()) as { error: string }).error).toMatch(/already been used/);
  // Signed properly but outside the window, in the past or the future.
  for (const skew of [-301_000, 301_000]) {
    const answer = await send(signedHeaders(body, { now: Date.now() + skew }));
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: string }).error).toMatch(/timestamp is 30\d s away/);
  }
  // The old scheme, a signature of the body alone, proves nothing about when it was made.
  expect((await send({ "x-signature-256": sign(body) })).status).toBe(401);
  // Inside the window, a fresh id is a new request.
  expect((await send(signedHeaders(body, { now: Date.now() - 240_000 }))).status).toBe(202);

  const final = await waitForIdle(service);
  expect(final.builds.map((build) => build.id).at(-1)).toBe(buildId);
  expect(final.builds).toHaveLength(2);
  expect(service.output()).toMatch(/Refused \/rebuild from 127\.0\.0\.1: the request id .* has already been used/);
});

// The README's recipe for signing by hand, run as written (only the address changed): openssl
// computes the signature independently of the TypeScript that verifies it.
test("the README's openssl and curl recipe triggers a build, and sending it again is refused", async () => {
  const readme = readFileSync(path.join(__dirname, "../../webhook/README.md"), "utf8");
  const recipe = /<!-- sign-by-hand[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(recipe).toContain("openssl dgst -sha256 -hmac");
  service = await start();
  const script = recipe!.replaceAll("http://127.0.0.1:8787", service.url);
  // The same curl again, with the same timestamp, id and signature: a replay.
  const again = script.slice(script.indexOf("curl "));
  const output = execFileSync("sh", ["-c", `${script}\necho\n${again}`], {
    encoding: "utf8",
    env: { ...process.env, REBUILD_SECRET: SECRET },
  });
  const [accepted, replayed] = output
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { buildId?: string; error?: string });
  expect(accepted!.buildId).toMatch(/^\d{8}T/);
  expect(replayed!.error).toMatch(/already been used/);
  expect((await waitForIdle(service)).builds.map((build) => [build.id, build.reason])).toEqual([
    [accepted!.buildId, "manual"],
  ]);
});

test("accepts a signature or a bearer token with 202 and a build id, and rejects wrong methods, types and sizes", async () => {
  service = await start({ MAX_BODY_BYTES: "1024" });
  const signed = await post(`${service.url}/rebuild`, { reason: "signed" });
  expect(signed.status).toBe(202);
  expect(await signed.json()).toEqual({
    buildId: expect.stringMatching(/^\d{8}T\d{9}Z-[0-9a-f]{6}$/),
    state: "building",
    coalesced: false,
    status: "/status",
  });
  const bearer = await fetch(`${service.url}/rebuild`, {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json; charset=utf-8", authorization: `Bearer ${SECRET}` },
  });
  expect(bearer.status).toBe(202);

  const get = await fetch(`${service.url}/rebuild`);
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  const text = await fetch(`${service.url}/rebuild`, {
    method: "POST",
    body: "rebuild please",
    headers: { "content-type": "text/plain", ...signedHeaders("rebuild please") },
  });
  expect(text.status).toBe(415);
  const big = JSON.stringify({ reason: "x".repeat(2000) });
  const oversized = await fetch(`${service.url}/rebuild`, {
    method: "POST",
    body: big,
    headers: { "content-type": "application/json", ...signedHeaders(big) },
  });
  expect(oversized.status).toBe(413);
  const broken = "{not json";
  const notJson = await fetch(`${service.url}/rebuild`, {
    method: "POST",
    body: broken,
    headers: { "content-type": "application/json", ...signedHeaders(broken) },
  });
  expect(notJson.status).toBe(400);
  expect((await post(`${service.url}/rebuild`, ["an", "array"])).status).toBe(400);
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  expect((await fetch(`${service.url}/nothing-here`)).status).toBe(404);

  const final = await waitForIdle(service);
  expect(final.builds.map((build) => build.state)).toEqual(["published", "published"]);
  expect(final.builds.map((build) => build.reason)).toEqual(["bearer", "signed"]);
});

test("refused attempts spend their own address's tokens, never those of genuine triggers", async () => {
  service = await start({ RATE_LIMIT_PER_MINUTE: "3" });
  const forged = () =>
    fetch(`${service.url}/rebuild`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "x-signature-256": "sha256=bad" },
    });
  const answers: number[] = [];
  for (let i = 0; i < 4; i += 1) answers.push((await forged()).status);
  expect(answers).toEqual([401, 401, 401, 429]);
  const limited = await forged();
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  // The same address, with the secret: the flood has not used up what genuine triggers need.
  const genuine = await post(`${service.url}/rebuild`, { reason: "after the flood" });
  expect(genuine.status).toBe(202);
  const { buildId } = (await genuine.json()) as { buildId: string };
  expect((await waitForIdle(service)).builds.map((build) => [build.id, build.state])).toEqual([[buildId, "published"]]);
});

test("behind TRUST_PROXY=1 a client is the right-most X-Forwarded-For hop, which it cannot forge", async () => {
  service = await start({ RATE_LIMIT_PER_MINUTE: "3", TRUST_PROXY: "1" });
  const forged = (forwardedFor: string) =>
    fetch(`${service.url}/rebuild`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "x-signature-256": "sha256=bad", "x-forwarded-for": forwardedFor },
    });
  // The client writes what it likes on the left; the one trusted proxy appends the address it saw.
  const answers: number[] = [];
  for (let i = 0; i < 4; i += 1) answers.push((await forged(`10.0.0.${i}, 203.0.113.9`)).status);
  expect(answers).toEqual([401, 401, 401, 429]);
  expect(service.output()).toContain("Refused /rebuild from 203.0.113.9");
  expect(service.output()).not.toContain("from 10.0.0.");
  // Another client behind the same proxy has its own bucket.
  expect((await forged("10.0.0.1, 198.51.100.7")).status).toBe(401);
});

test("20 concurrent triggers during a build give exactly one follow-up build, never two at once", async () => {
  service = await start({ FAKE_BUILD_MS: "1500" });
  const first = (await (
    await post(`${service.url}/rebuild`, { reason: "first", documents: ["first-doc"] })
  ).json()) as { buildId: string };
  await waitForStatus(service, (current) => current.current?.state === "building");
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post(`${service.url}/rebuild`, { reason: `burst ${i}`, documents: [`doc-${i % 3}`] }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(202));
  const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { buildId: string; state: string }[];
  const followUp = bodies[0]!.buildId;
  expect(followUp).not.toBe(first.buildId);
  expect(new Set(bodies.map((body) => body.buildId))).toEqual(new Set([followUp]));
  expect(bodies.every((body) => body.state === "queued")).toBe(true);

  const final = await waitForIdle(service);
  expect(final.builds.map((build) => [build.id, build.triggers, build.state])).toEqual([
    [followUp, 20, "published"],
    [first.buildId, 1, "published"],
  ]);
  const events = runs();
  expect(events.map((event) => `${event.event}:${event.id}`)).toEqual([
    `start:${first.buildId}`,
    `end:${first.buildId}`,
    `start:${followUp}`,
    `end:${followUp}`,
  ]);
  // Each build is told the documents its triggers named: the follow-up those of all 20.
  expect(started(first.buildId)?.documents).toBe("first-doc");
  expect(String(started(followUp)?.documents).split(",").sort()).toEqual(["doc-0", "doc-1", "doc-2"]);
  // The build never sees the shared secret, and /status never shows it.
  expect(events.every((event) => event.secret === null)).toBe(true);
  expect(JSON.stringify(final)).not.toContain(SECRET);
});

test("a failed build or a failed output check leaves the published site byte for byte as it was", async () => {
  service = await start();
  await post(`${service.url}/rebuild`);
  const good = await waitForIdle(service);
  expect(good.published).toBe(good.builds[0]!.id);
  const before = fingerprint(publishDir());
  expect(homePage()).toContain("Home v1");

  writeFileSync(path.join(projectDir(), "version.txt"), "v2");
  writeFileSync(path.join(projectDir(), "FAIL"), "");
  await post(`${service.url}/rebuild`, { reason: "broken config" });
  const failed = await waitForIdle(service);
  expect(failed.builds[0]).toMatchObject({
    state: "failed",
    phase: "build",
    error: "The build command exited with code 1.",
  });
  expect(failed.builds[0]!.logTail).toContain("error in gatsby-config (FAIL present)");
  expect(fingerprint(publishDir())).toEqual(before);

  rmSync(path.join(projectDir(), "FAIL"));
  writeFileSync(path.join(projectDir(), "BROKEN_OUTPUT"), "");
  await post(`${service.url}/rebuild`, { reason: "incomplete output" });
  const unchecked = await waitForIdle(service);
  expect(unchecked.builds[0]).toMatchObject({ state: "failed", phase: "check" });
  expect(unchecked.builds[0]!.error).toContain("missing article page blogarticle/second-article/index.html");
  expect(fingerprint(publishDir())).toEqual(before);
  expect(unchecked.published).toBe(good.published);
  expect(unchecked.releases.map((release) => release.id)).toEqual([good.published]);
});

test("/status refuses without credentials; an editor's ID token and the secret are webhook-status-access.test.ts's", async () => {
  service = await start();
  const open = await fetch(`${service.url}/status`);
  expect(open.status).toBe(401);
  expect(open.headers.get("www-authenticate")).toMatch(/^Bearer/);
  const wrong = await fetch(`${service.url}/status`, { headers: { authorization: `Bearer ${SECRET}x` } });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).not.toContain(dir);
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
});

test("never publishes a collapse: no articles, or more than half of them gone, unless the request allows it", async () => {
  const articles = (count: number) => writeFileSync(path.join(projectDir(), "ARTICLES"), String(count));
  articles(10);
  service = await start();
  await post(`${service.url}/rebuild`, { reason: "ten articles" });
  const good = await waitForIdle(service);
  expect(good.builds[0]).toMatchObject({ state: "published" });
  const before = fingerprint(publishDir());

  articles(4);
  const shrunk = (await (await post(`${service.url}/rebuild`, { reason: "six lost" })).json()) as { buildId: string };
  const refused = await waitForIdle(service);
  expect(refused.builds[0]).toMatchObject({ id: shrunk.buildId, state: "failed", phase: "shrink" });
  expect(refused.builds[0]!.error).toBe(
    `The new build lists 4 articles where the published release ${good.published} has 10: a drop of 60%, more than the 50% MAX_ARTICLE_DROP allows. ` +
      'If that is intended, trigger again with {"allowShrink": true}.',
  );
  expect(fingerprint(publishDir())).toEqual(before);
  expect(refused.releases.map((release) => release.id)).toEqual([good.published]);

  articles(0);
  await post(`${service.url}/rebuild`, { reason: "empty index" });
  const empty = await waitForIdle(service);
  expect(empty.builds[0]).toMatchObject({ state: "failed", phase: "shrink" });
  expect(empty.builds[0]!.error).toMatch(/^The new build lists no articles/);
  expect(fingerprint(publishDir())).toEqual(before);

  // Exactly half is not more than half; and a request may allow a bigger drop explicitly.
  articles(5);
  await post(`${service.url}/rebuild`, { reason: "half" });
  expect((await waitForIdle(service)).builds[0]).toMatchObject({ state: "published" });
  expect((await post(`${service.url}/rebuild`, { reason: "bad flag", allowShrink: "yes" })).status).toBe(400);
  articles(1);
  const allowed = (await (
    await post(`${service.url}/rebuild`, { reason: "pruned on purpose", allowShrink: true })
  ).json()) as { buildId: string };
  const final = await waitForIdle(service);
  expect(final.builds[0]).toMatchObject({ id: allowed.buildId, state: "published" });
  expect(final.published).toBe(allowed.buildId);
  expect(final.releases[0]).toMatchObject({ id: allowed.buildId, articles: 1 });
});

test("rollback republishes the previous build, and a later rollback goes further back", async () => {
  service = await start({ KEEP_BUILDS: "2" });
  const ids: string[] = [];
  for (const version of ["v1", "v2", "v3"]) {
    writeFileSync(path.join(projectDir(), "version.txt"), version);
    ids.push(
      ((await (await post(`${service.url}/rebuild`, { reason: version })).json()) as { buildId: string }).buildId,
    );
    await waitForIdle(service);
  }
  expect(homePage()).toContain("Home v3");
  // Only the newest two releases are kept.
  expect((await status(service)).releases.map((release) => release.id)).toEqual([ids[2], ids[1]]);

  const rolled = await post(`${service.url}/rollback`, {});
  expect(rolled.status).toBe(200);
  expect(await rolled.json()).toEqual({ published: ids[1], previous: ids[2] });
  expect(homePage()).toContain("Home v2");
  expect((await status(service)).published).toBe(ids[1]);

  const nothingOlder = await post(`${service.url}/rollback`, {});
  expect(nothingOlder.status).toBe(409);
  expect(homePage()).toContain("Home v2");
  const forward = await post(`${service.url}/rollback`, { buildId: ids[2] });
  expect(forward.status).toBe(200);
  expect(homePage()).toContain("Home v3");
  expect((await post(`${service.url}/rollback`, { buildId: ids[0] })).status).toBe(404);
});

test("runs the deploy command with RELEASE_DIR after a publish; a failed deploy puts the previous site back", async () => {
  const deployLog = path.join(dir, "deploys.txt");
  writeFileSync(
    path.join(projectDir(), "deploy.cjs"),
    `require("fs").appendFileSync(${JSON.stringify(deployLog)}, process.env.RELEASE_DIR + "\\n");
     if (require("fs").existsSync("FAIL_DEPLOY")) { console.error("deploy: quota exceeded"); process.exit(3); }`,
  );
  writeFileSync(path.join(projectDir(), "FAIL_DEPLOY"), "");
  service = await start({ DEPLOY_COMMAND: `"${process.execPath}" deploy.cjs` });
  await post(`${service.url}/rebuild`);
  const first = await waitForIdle(service);
  expect(first.builds[0]).toMatchObject({ state: "failed", phase: "deploy" });
  expect(first.builds[0]!.logTail).toContain("deploy: quota exceeded");
  // Nothing was published before, so nothing is left behind: no dangling symlink.
  expect(() => lstatSync(publishDir())).toThrow();

  rmSync(path.join(projectDir(), "FAIL_DEPLOY"));
  await post(`${service.url}/rebuild`);
  const good = await waitForIdle(service);
  expect(good.builds[0]!.state).toBe("published");
  const before = fingerprint(publishDir());
  expect(readFileSync(deployLog, "utf8").trim().split("\n").at(-1)).toBe(realpathSync(publishDir()));

  writeFileSync(path.join(projectDir(), "FAIL_DEPLOY"), "");
  writeFileSync(path.join(projectDir(), "version.txt"), "v2");
  await post(`${service.url}/rebuild`);
  const failed = await waitForIdle(service);
  expect(failed.builds[0]).toMatchObject({ state: "failed", phase: "deploy" });
  expect(fingerprint(publishDir())).toEqual(before);
  expect(failed.releases.map((release) => release.id)).toEqual([good.builds[0]!.id]);
});

test("SIGTERM during a build cancels it and leaves the published site alone", async () => {
  service = await start();
  await post(`${service.url}/rebuild`);
  await waitForIdle(service);
  const before = fingerprint(publishDir());
  await service.stop();
  service = await start({ FAKE_BUILD_MS: "30000" });
  const { buildId } = (await (await post(`${service.url}/rebuild`)).json()) as { buildId: string };
  // The build command itself has started (it logged its start), not just the service's record of it.
  await waitForStatus(service, () => runs().some((event) => event.event === "start" && event.id === buildId));
  const started = Date.now();
  expect(await service.stop()).toBe(0);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(service.output()).toContain("SIGTERM: stopping");
  // The service exits only after the build's process group has gone, so an end written now would be there.
  expect(
    runs()
      .filter((event) => event.id === buildId)
      .map((event) => event.event),
  ).toEqual(["start"]);
  expect(fingerprint(publishDir())).toEqual(before);

  // The cancelled build had been accepted: the next start builds it.
  expect(service.output()).toContain("1 accepted build will run when the service starts again");
  service = await start({ FAKE_BUILD_MS: "100" });
  const resumed = await waitForStatus(service, (current) => current.builds.length === 1 && !current.current, 30_000);
  expect(resumed.builds[0]).toMatchObject({ id: buildId, state: "published" });
});

test("a build accepted and still queued when the service is killed runs after the restart", async () => {
  service = await start({ FAKE_BUILD_MS: "30000" });
  const first = (await (await post(`${service.url}/rebuild`, { reason: "running at the crash" })).json()) as {
    buildId: string;
  };
  await waitForStatus(service, () => started(first.buildId) !== undefined);
  const accepted = await post(`${service.url}/rebuild`, {
    reason: "accepted before the crash",
    allowShrink: true,
    documents: ["queued-doc"],
  });
  expect(accepted.status).toBe(202);
  const queued = (await accepted.json()) as { buildId: string; state: string };
  expect(queued.state).toBe("queued");
  const orphan = started(first.buildId)!.pid;

  service.child.kill("SIGKILL");
  expect(await service.exited).toBeNull();
  expect(alive(orphan)).toBe(true); // the build's process group outlived the service

  service = await start({ FAKE_BUILD_MS: "100" });
  const after = await waitForStatus(
    service,
    (current) => !current.current && !current.queued && current.builds.length === 2,
    30_000,
  );
  expect(after.builds.map((build) => [build.id, build.reason, build.state, build.phase])).toEqual([
    [queued.buildId, "accepted before the crash", "published", undefined],
    [first.buildId, "running at the crash", "failed", "interrupted"],
  ]);
  expect(after.published).toBe(queued.buildId);
  // The interrupted build was stopped when the service came back, before the next build started.
  expect(alive(orphan)).toBe(false);
  expect(runs().map((event) => `${event.event}:${event.id}`)).toEqual([
    `start:${first.buildId}`,
    `start:${queued.buildId}`,
    `end:${queued.buildId}`,
  ]);
  // queue.json kept the documents the accepted request named.
  expect(started(queued.buildId)?.documents).toBe("queued-doc");
});

test("a build running when the service is killed runs again, under its id, after the restart", async () => {
  service = await start({ FAKE_BUILD_MS: "30000" });
  const { buildId } = (await (await post(`${service.url}/rebuild`, { reason: "cut short" })).json()) as {
    buildId: string;
  };
  await waitForStatus(service, () => started(buildId) !== undefined);
  service.child.kill("SIGKILL");
  await service.exited;

  service = await start({ FAKE_BUILD_MS: "100" });
  const after = await waitForStatus(service, (current) => current.builds.length === 1 && !current.current, 30_000);
  expect(after.builds[0]).toMatchObject({ id: buildId, reason: "cut short", state: "published" });
  expect(after.published).toBe(buildId);
  expect(
    runs()
      .filter((event) => event.event === "end")
      .map((event) => event.id),
  ).toEqual([buildId]);
});

test("the Firestore trigger function's signed request starts a build on the real service", async () => {
  service = await start();
  // The function reads its params from the environment when an event arrives.
  Object.assign(process.env, {
    REBUILD_SECRET: SECRET,
    REBUILD_URL: `${service.url}/rebuild`,
    REBUILD_DEBOUNCE_MS: "20",
  });
  const testEnv = functionsTest();
  try {
    const snapshot = (data: Record<string, unknown>) =>
      testEnv.firestore.makeDocumentSnapshot(data, "blogMetaData/new-article");
    await testEnv.wrap(requestRebuild)({
      data: testEnv.makeChange(snapshot({}), snapshot({ published: true })),
      params: { id: "new-article" },
    });
  } finally {
    testEnv.cleanup();
  }
  const final = await waitForIdle(service);
  expect(final.builds).toHaveLength(1);
  expect(final.builds[0]).toMatchObject({ reason: "firestore", state: "published" });
  expect(started(final.builds[0]!.id)?.documents).toBe("new-article");
  expect(homePage()).toContain("Home v1");
});
