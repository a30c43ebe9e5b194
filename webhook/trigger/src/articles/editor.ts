// Who may act on articles: a signed-in user whose account carries the custom claim `editor: true`
// NOW, not merely when their ID token was minted. `npm run make-editor -- --remove` clears the claim
// and revokes the user's tokens; an hour-old token would still carry the claim, so every call reads
// the account and checks the token against the revocation.
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { error as logError } from "firebase-functions/logger";
import { HttpsError, type CallableRequest } from "firebase-functions/v2/https";

/** The editor a call acts for, as history and events record them. */
export interface Editor {
  uid: string;
  email: string;
}

export function adminApp(): void {
  if (getApps().length === 0) initializeApp();
}

const SIGN_IN = "Sign in as an editor to do this.";
const NOT_EDITOR = "This account is not an editor. Ask an administrator for access.";

/**
 * The editor making the call, or an HttpsError: `unauthenticated` without a valid, unrevoked ID
 * token; `permission-denied` when the account does not carry the claim now.
 */
export async function requireEditor(request: Pick<CallableRequest<unknown>, "auth">): Promise<Editor> {
  const auth = request.auth;
  if (!auth) throw new HttpsError("unauthenticated", SIGN_IN);
  // The token's own claim first: a plain user is refused without a round trip.
  if (auth.token.editor !== true) throw new HttpsError("permission-denied", NOT_EDITOR);
  adminApp();
  try {
    await getAuth().verifyIdToken(auth.rawToken, true);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "auth/id-token-revoked" || code === "auth/user-disabled")
      throw new HttpsError("unauthenticated", "This session was ended by an administrator. Sign in again.");
    if (code === "auth/user-not-found") throw new HttpsError("unauthenticated", SIGN_IN);
    logError("Could not check the caller's ID token", { uid: auth.uid, error: String(error) });
    throw new HttpsError("unavailable", "Your sign-in could not be checked just now. Try again in a moment.");
  }
  const user = await getAuth()
    .getUser(auth.uid)
    .catch((error: unknown) => {
      logError("Could not read the caller's account", { uid: auth.uid, error: String(error) });
      throw new HttpsError("unavailable", "Your account could not be checked just now. Try again in a moment.");
    });
  if (user.customClaims?.editor !== true) throw new HttpsError("permission-denied", NOT_EDITOR);
  return { uid: auth.uid, email: user.email ?? (typeof auth.token.email === "string" ? auth.token.email : "") };
}
