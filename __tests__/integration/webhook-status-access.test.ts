import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { makeEditor, signIn, type EmulatorAddresses } from "../../scripts/lib/editors.ts";
import { startFirebaseEmulators, type RunningFirebaseEmulators } from "../../scripts/lib/firebase-emulators.ts";
import { post, SECRET, startService, status, waitForIdle, type RebuildService } from "../support/rebuild-service";

// Who may read GET /status of the real rebuild service: the secret's holder (everything), an editor
// with a Firebase ID token from the real Auth emulator (the public status), nobody else. The build
// is the queue tests' stand-in (support/fake-site-build.mts), failed or broken on demand.

// The Auth emulator takes a while to start; each test runs a service and a build or two.
jest.setTimeout(120_000);

const PROJECT = "demo-status-access";
const FAKE_BUILD = path.join(__dirname, "../support/fake-site-build.mts");

let firebase: RunningFirebaseEmulators;
let addresses: EmulatorAddresses;
let admin: App;
let dir: string;
let service: RebuildService | undefined;
const projectDir = () => path.join(dir, "project");
const publishDir = () => path.join(dir, "site");

beforeAll(async () => {
  firebase = await startFirebaseEmulators({
    projectId: PROJECT,
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST!,
    authOnly: true,
  });
  addresses = { projectId: PROJECT, authHost: firebase.authHost, functionsHost: "" };
  // What `npm run make-editor -- --remove` does goes through firebase-admin, as here.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authHost;
  admin = initializeApp({ projectId: PROJECT }, "status-access-admin");
});

afterAll(async () => {
  await deleteApp(admin);
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  firebase?.stop();
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "status-access-"));
  mkdirSync(projectDir());
  writeFileSync(path.join(projectDir(), "version.txt"), "v1");
});

afterEach(async () => {
  await service?.stop();
  service = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const start = (env: Record<string, string> = {}) =>
  startService({
    PUBLISH_DIR: publishDir(),
    PROJECT_DIR: projectDir(),
    BUILD_COMMAND: `"${process.execPath}" "${FAKE_BUILD}"`,
    FAKE_BUILD_MS: "100",
    STATUS_PROJECT_ID: PROJECT,
    // The build's variable, as `npm run emulators` sets it: the service takes the address from it.
    GATSBY_FIREBASE_AUTH_EMULATOR_HOST: firebase.authHost,
    FIREBASE_AUTH_EMULATOR_HOST: "",
    ...env,
  });

/** GET /status with `token` as the bearer token (none without). */
const statusWith = (token?: string): Promise<Response> =>
  fetch(`${service!.url}/status`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** Waits until the clock is past the second `token` was issued in: a revocation then covers it. */
async function pastIssueSecond(token: string): Promise<void> {
  const { auth_time: authTime } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
    auth_time: number;
  };
  while (Math.floor(Date.now() / 1000) <= authTime) await new Promise((resolve) => setTimeout(resolve, 50));
}

test("/status: nothing without credentials, states and times to an editor, log tails, details and paths to the secret", async () => {
  const editor = await makeEditor(addresses, "editor@example.com");
  const reader = await signIn(addresses, "reader@example.com");
  service = await start();
  writeFileSync(path.join(projectDir(), "FAIL"), "");
  const { buildId } = (await (await post(`${service.url}/rebuild`, { reason: "broken" })).json()) as {
    buildId: string;
  };
  await waitForIdle(service);

  const none = await statusWith();
  expect(none.status).toBe(401);
  expect(none.headers.get("www-authenticate")).toBe('Bearer realm="rebuild"');
  expect(await none.json()).toEqual({
    error:
      "Refused: no credentials. GET /status needs Authorization: Bearer with REBUILD_SECRET (the full status) " +
      "or with the Firebase ID token of an editor (custom claim editor: true; the public status).",
  });
  const notEditor = await statusWith(reader.idToken);
  expect(notEditor.status).toBe(403);
  expect(((await notEditor.json()) as { error: string }).error).toMatch(
    /^Refused: user reader@example\.com is not an editor/,
  );
  const forged = await statusWith(`${SECRET}x`);
  expect(forged.status).toBe(401);
  expect(await forged.text()).not.toContain(dir);
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);

  const open = await statusWith(editor.idToken);
  expect(open.status).toBe(200);
  const text = await open.text();
  expect(text).not.toContain(dir); // no filesystem path of any kind
  const shown = JSON.parse(text) as Record<string, unknown> & { builds: Record<string, unknown>[] };
  expect(Object.keys(shown).sort()).toEqual(["builds", "current", "published", "queued", "releases"]);
  expect(shown.builds).toEqual([
    {
      id: buildId,
      state: "failed",
      lane: "full",
      reason: "broken",
      triggers: 1,
      triggeredAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      durationMs: expect.any(Number),
      phase: "build",
      error: "The build command exited with code 1.",
    },
  ]);

  const full = await status(service);
  expect(full.builds[0]!.logTail).toContain(`FAIL present) at ${realpathSync(dir)}`);
  expect(full.builds[0]!.logFile).toBe(path.join(dir, ".site-builds", "logs", `${buildId}.log`));
  expect(full.paths).toMatchObject({ publishDir: publishDir(), projectDir: projectDir() });

  // An unexpected file system error names paths in its message: an editor sees only its code.
  rmSync(path.join(projectDir(), "FAIL"));
  writeFileSync(path.join(projectDir(), "NO_OUTPUT"), "");
  await post(`${service.url}/rebuild`, { reason: "no output" });
  await waitForIdle(service);
  const openAgain = await (await statusWith(editor.idToken)).text();
  expect(openAgain).not.toContain(dir);
  expect((JSON.parse(openAgain) as { builds: Record<string, unknown>[] }).builds[0]).toMatchObject({
    phase: "publish",
    error: "Publishing failed (ENOENT); the previous release stays published.",
  });
  expect((await status(service)).builds[0]!.detail).toContain(path.join(dir, ".site-builds", "workspace", "public"));
  expect(service.output()).toContain("Refused /status from 127.0.0.1: no credentials");
  expect(service.output()).not.toContain(editor.idToken);
});

test("/status refuses an editor at once when the claim is removed and the tokens revoked", async () => {
  const editor = await makeEditor(addresses, "removed@example.com");
  service = await start();
  expect((await statusWith(editor.idToken)).status).toBe(200);

  await pastIssueSecond(editor.idToken);
  await getAuth(admin).setCustomUserClaims(editor.uid, null);
  await getAuth(admin).revokeRefreshTokens(editor.uid);
  // The token still says editor: true; only the revocation check refuses it.
  const revoked = await statusWith(editor.idToken);
  expect(revoked.status).toBe(401);
  expect(((await revoked.json()) as { error: string }).error).toMatch(
    /^Refused: the ID token has been revoked; sign in again\./,
  );
  // Signed in again, the user is no editor.
  const again = await signIn(addresses, "removed@example.com");
  expect((await statusWith(again.idToken)).status).toBe(403);
});

test("/status takes no editor's token from a service without a project, and still the secret", async () => {
  const editor = await makeEditor(addresses, "projectless@example.com");
  service = await start({ STATUS_PROJECT_ID: "", GATSBY_FIREBASE_PROJECT_ID: "" });
  const refused = await statusWith(editor.idToken);
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: string }).error).toMatch(/no STATUS_PROJECT_ID/);
  expect((await statusWith(SECRET)).status).toBe(200);
});
