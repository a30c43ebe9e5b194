import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { makeEditor, removeEditor, signIn, type EmulatorAddresses } from "../../../scripts/lib/editors.ts";
import { startFirebaseEmulators, type RunningFirebaseEmulators } from "../../../scripts/lib/firebase-emulators.ts";

// make-editor against a real Auth emulator, checked as a callable checks a caller: with firebase-admin's
// verifyIdToken(token, true), which also asks whether the user's sessions were revoked. --remove must
// take the claim away and make every token the editor already holds fail that check at once.
const PROJECT_ID = "demo-make-editor";
const SCRIPT = path.join(__dirname, "../../../scripts/make-editor.ts");
const run = promisify(execFile);

let emulator: RunningFirebaseEmulators;
let addresses: EmulatorAddresses;
let app: App;
let auth: Auth;
const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  // The Auth emulator alone (no functions); Firestore is the integration suite's own emulator.
  emulator = await startFirebaseEmulators({
    projectId: PROJECT_ID,
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST ?? "",
    authOnly: true,
    timeoutMs: 60_000,
  });
  addresses = { projectId: PROJECT_ID, authHost: emulator.authHost, functionsHost: "" };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.authHost;
  app = initializeApp({ projectId: PROJECT_ID }, "make-editor-test");
  auth = getAuth(app);
}, 90_000);

afterAll(async () => {
  await deleteApp(app);
  if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  emulator?.stop();
});

/** The error code verifyIdToken(token, true) rejects with, or "accepted". */
const revocationCheck = (idToken: string): Promise<string> =>
  auth.verifyIdToken(idToken, true).then(
    () => "accepted",
    (error: { code?: string }) => String(error.code),
  );

/** A token's claims, unverified (firebase-admin on the emulator always checks revocation too). */
const claimsOf = (idToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;

/** A second session of the same user, as another browser tab or device would hold it. */
async function session(email: string): Promise<{ idToken: string; refreshToken: string }> {
  const response = await fetch(
    `http://${emulator.authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "editor-password", returnSecureToken: true }),
    },
  );
  return (await response.json()) as { idToken: string; refreshToken: string };
}

/** What the client SDK does when its ID token nears expiry: a new one from the refresh token. */
async function refreshed(refreshToken: string): Promise<string> {
  const response = await fetch(`http://${emulator.authHost}/securetoken.googleapis.com/v1/token?key=local`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });
  return ((await response.json()) as { id_token: string }).id_token;
}

describe("removeEditor", () => {
  it("takes the claim away and revokes the tokens the editor holds, at once", async () => {
    const email = "leaving@example.com";
    const { uid, idToken } = await makeEditor(addresses, email);
    const other = await session(email);
    expect(await revocationCheck(idToken)).toBe("accepted");
    expect((await auth.verifyIdToken(other.idToken, true)).editor).toBe(true);

    await removeEditor(addresses, email);

    expect((await auth.getUser(uid)).customClaims ?? {}).not.toHaveProperty("editor");
    expect(await revocationCheck(idToken)).toBe("auth/id-token-revoked");
    expect(await revocationCheck(other.idToken)).toBe("auth/id-token-revoked");
    // The emulator still refreshes an old session (production refuses to); the new token keeps the
    // old sign-in's auth_time, so it is refused all the same, and it has lost the claim.
    const renewed = await refreshed(other.refreshToken);
    expect(await revocationCheck(renewed)).toBe("auth/id-token-revoked");
    expect(claimsOf(renewed).editor).toBeUndefined();
  });

  it("keeps the user's other claims, and lets the user sign in again as a plain user", async () => {
    const email = "desk@example.com";
    const { uid } = await makeEditor(addresses, email);
    await auth.setCustomUserClaims(uid, { editor: true, desk: "news" });

    await removeEditor(addresses, email);

    expect((await auth.getUser(uid)).customClaims).toEqual({ desk: "news" });
    const again = await signIn(addresses, email);
    const decoded = await auth.verifyIdToken(again.idToken, true);
    expect(decoded.editor).toBeUndefined();
    expect(decoded.desk).toBe("news");
  });

  it("leaves a user made an editor again right after with a token that passes the check", async () => {
    const email = "back@example.com";
    await makeEditor(addresses, email);
    await removeEditor(addresses, email);
    const { idToken } = await makeEditor(addresses, email);
    expect((await auth.verifyIdToken(idToken, true)).editor).toBe(true);
  });

  it("refuses an address that has no user, naming it", async () => {
    await expect(removeEditor(addresses, "nobody@example.com")).rejects.toThrow(/nobody@example\.com/);
  });
});

describe("npm run make-editor", () => {
  // The integration set-up's Firestore emulator stands for npm run emulators' own.
  const firestorePort = (process.env.FIRESTORE_EMULATOR_HOST ?? "").split(":")[1] ?? "";
  const cli = (...args: string[]) =>
    run(process.execPath, [
      SCRIPT,
      ...args,
      "--project",
      PROJECT_ID,
      "--auth-port",
      emulator.authHost.split(":")[1] ?? "",
      "--firestore-port",
      firestorePort,
    ]);

  it("says in --help what --remove does", async () => {
    const { stdout } = await run(process.execPath, [SCRIPT, "--help"]);
    expect(stdout).toMatch(/--remove\s+Take the editor claim away from EMAIL and revoke/);
    expect(stdout).toMatch(/npm run make-editor -- --remove EMAIL/);
  });

  it("-- --remove EMAIL takes the claim away and revokes the editor's tokens", async () => {
    const email = "cli@example.com";
    const made = await cli(email);
    expect(made.stdout).toMatch(/cli@example\.com \(uid \S+\) is an editor/);
    const { uid, idToken } = await signIn(addresses, email);
    expect(await revocationCheck(idToken)).toBe("accepted");

    const removed = await cli("--remove", email);

    expect(removed.stdout).toMatch(/cli@example\.com \(uid \S+\) is no longer an editor/);
    expect(await revocationCheck(idToken)).toBe("auth/id-token-revoked");
    expect((await auth.getUser(uid)).customClaims ?? {}).not.toHaveProperty("editor");
    // And for the rules, which cannot ask Auth: the instant before which its sessions are no editor's.
    const revocation = await fetch(
      `http://${process.env.FIRESTORE_EMULATOR_HOST}/v1/projects/${PROJECT_ID}/databases/(default)/documents/editorRevocations/${uid}`,
      { headers: { Authorization: "Bearer owner" } },
    );
    expect(revocation.status).toBe(200);
    const at = Number(
      ((await revocation.json()) as { fields: { at: { integerValue: string } } }).fields.at.integerValue,
    );
    expect(at).toBeGreaterThan(Number(claimsOf(idToken).auth_time));
    expect(removed.stderr).not.toMatch(/Could not write editorRevocations/);
  });

  it("-- --remove with an unknown address fails and names it", async () => {
    await expect(cli("--remove", "stranger@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/stranger@example\.com/),
    });
  });
});
