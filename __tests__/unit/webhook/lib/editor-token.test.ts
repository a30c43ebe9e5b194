/** @jest-environment node */
import { checkEditor, openIdTokenVerifier, type VerifyIdToken } from "../../../../webhook/lib/editor-token.ts";

// Who may read GET /status with an ID token: a verified, unrevoked token that carries editor: true.
// The verifier is a stand-in here; integration/webhook-status-access.test.ts runs the real one
// against the Auth emulator.

/** A stand-in verifier that rejects as firebase-admin does, with an `auth/...` code. */
const rejecting =
  (code: string): VerifyIdToken =>
  async () => {
    throw Object.assign(new Error(`firebase-admin says ${code}`), { code });
  };

describe("checkEditor", () => {
  it("accepts a token that carries editor: true, and gives its user", async () => {
    const verify = jest.fn(async () => ({ uid: "u1", email: "ed@example.com", editor: true }));
    expect(await checkEditor(verify, "token-1")).toEqual({ editor: { uid: "u1", email: "ed@example.com" } });
    expect(verify).toHaveBeenCalledWith("token-1");
  });

  it("refuses a signed-in user without the claim with 403, a claim other than true too", async () => {
    for (const editor of [undefined, false, "true", 1]) {
      expect(await checkEditor(async () => ({ uid: "u2", email: "reader@example.com", editor }), "t")).toEqual({
        refused: "user reader@example.com is not an editor (no custom claim editor: true)",
        status: 403,
      });
    }
  });

  it.each([
    ["auth/id-token-revoked", "the ID token has been revoked; sign in again"],
    ["auth/id-token-expired", "the ID token has expired; get a fresh one"],
    ["auth/user-disabled", "the user is disabled"],
    ["auth/user-not-found", "the user no longer exists"],
    ["auth/argument-error", "the bearer token is neither the secret nor a valid ID token of this project"],
  ])("refuses a token firebase-admin rejects with %s with 401, saying why", async (code, refused) => {
    expect(await checkEditor(rejecting(code), "t")).toEqual({ refused, status: 401 });
  });

  it("says the token could not be checked when the failure is not the token's", async () => {
    expect(await checkEditor(rejecting("auth/internal-error"), "t")).toEqual({
      unavailable: "cannot verify the ID token now (auth/internal-error)",
    });
    const offline: VerifyIdToken = async () => {
      throw new Error("getaddrinfo EAI_AGAIN www.googleapis.com");
    };
    expect(await checkEditor(offline, "t")).toEqual({
      unavailable: "cannot verify the ID token now (getaddrinfo EAI_AGAIN www.googleapis.com)",
    });
  });

  it("refuses every ID token when the service has no project to check them against", async () => {
    expect(await checkEditor(null, "t")).toEqual({
      refused: "the bearer token is not the secret, and editors' ID tokens are not accepted (no STATUS_PROJECT_ID)",
      status: 401,
    });
  });
});

describe("openIdTokenVerifier", () => {
  it("opens nothing without a project, and leaves the environment alone", () => {
    const env: NodeJS.ProcessEnv = { GATSBY_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(openIdTokenVerifier("", env)).toBeNull();
    expect(env).toEqual({ GATSBY_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" });
  });

  it("takes the build's Auth emulator address when FIREBASE_AUTH_EMULATOR_HOST is unset, and keeps it when set", () => {
    const env: NodeJS.ProcessEnv = { GATSBY_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(openIdTokenVerifier("editor-token-unit", env)).toEqual(expect.any(Function));
    expect(env.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
    const explicit: NodeJS.ProcessEnv = {
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9199",
      GATSBY_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    };
    openIdTokenVerifier("editor-token-unit", explicit);
    expect(explicit.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9199");
  });
});
