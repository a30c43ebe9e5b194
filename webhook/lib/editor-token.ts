// Editors read GET /status with their Firebase ID token: a token of the service's Firebase project
// (STATUS_PROJECT_ID) that carries the custom claim `editor: true`, checked with firebase-admin,
// revocation included, so that an editor whose claim was removed and tokens revoked is refused at once.
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";

/** What the service reads of a verified ID token. */
export interface IdTokenClaims {
  uid: string;
  email?: string;
  [claim: string]: unknown;
}

/** Verifies an ID token, revocation included; rejects with firebase-admin's `auth/...` error codes. */
export type VerifyIdToken = (idToken: string) => Promise<IdTokenClaims>;

/** Who the token shows, or why it is refused and with which HTTP status. */
export type EditorCheck =
  { editor: { uid: string; email?: string } } | { refused: string; status: 401 | 403 } | { unavailable: string };

/**
 * The verifier of ID tokens of project `projectId`, with the service's credentials (Application
 * Default Credentials), or the Auth emulator at FIREBASE_AUTH_EMULATOR_HOST (or the build's
 * GATSBY_FIREBASE_AUTH_EMULATOR_HOST). Null without a project: no editor's token is accepted.
 */
export function openIdTokenVerifier(projectId: string, env: NodeJS.ProcessEnv = process.env): VerifyIdToken | null {
  if (!projectId) return null;
  // firebase-admin reads the emulator's address from this variable only.
  if (!env.FIREBASE_AUTH_EMULATOR_HOST && env.GATSBY_FIREBASE_AUTH_EMULATOR_HOST)
    env.FIREBASE_AUTH_EMULATOR_HOST = env.GATSBY_FIREBASE_AUTH_EMULATOR_HOST;
  const name = `rebuild-editors-${projectId}`;
  const app = getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return async (idToken) => {
    const decoded = await auth.verifyIdToken(idToken, true);
    return { ...decoded, uid: decoded.uid, email: decoded.email };
  };
}

// firebase-admin's codes for a token that is not (or no longer) good; any other failure (the
// keys or the user record out of reach) says nothing about the token.
const TOKEN_FAULTS: Record<string, string> = {
  "auth/id-token-expired": "the ID token has expired; get a fresh one",
  "auth/id-token-revoked": "the ID token has been revoked; sign in again",
  "auth/user-disabled": "the user is disabled",
  "auth/user-not-found": "the user no longer exists",
  "auth/argument-error": "the bearer token is neither the secret nor a valid ID token of this project",
  "auth/invalid-id-token": "the bearer token is neither the secret nor a valid ID token of this project",
};

/** Checks that `idToken` is a valid, unrevoked ID token of an editor (claim `editor: true`). */
export async function checkEditor(verify: VerifyIdToken | null, idToken: string): Promise<EditorCheck> {
  if (!verify) {
    return {
      refused: "the bearer token is not the secret, and editors' ID tokens are not accepted (no STATUS_PROJECT_ID)",
      status: 401,
    };
  }
  let claims: IdTokenClaims;
  try {
    claims = await verify(idToken);
  } catch (error) {
    const code = String((error as { code?: unknown } | null)?.code ?? "");
    const fault = TOKEN_FAULTS[code];
    if (fault) return { refused: fault, status: 401 };
    return { unavailable: `cannot verify the ID token now (${code || (error as Error).message})` };
  }
  if (claims.editor !== true) {
    return {
      refused: `user ${claims.email ?? claims.uid} is not an editor (no custom claim editor: true)`,
      status: 403,
    };
  }
  return { editor: { uid: claims.uid, ...(claims.email ? { email: claims.email } : {}) } };
}
