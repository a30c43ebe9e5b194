// What an editor does against the local emulators, over the same HTTP the editors' tool uses: sign
// up and sign in with the Auth emulator's REST API, be given the `editor` claim, and call the
// previewLink callable (POST {"data": …} with the ID token; the answer is {"result"} or {"error"}).

export interface EmulatorAddresses {
  projectId: string;
  /** host:port of the Auth emulator. */
  authHost: string;
  /** host:port of the Functions emulator. */
  functionsHost: string;
}

/** The password make-editor gives a new editor unless told another. */
export const DEFAULT_EDITOR_PASSWORD = "editor-password";

/** The command-line options of the scripts that act as an editor (make-editor, preview-link): who, where. */
export const EDITOR_OPTIONS = {
  password: { type: "string", value: "pw", default: DEFAULT_EDITOR_PASSWORD, description: "Their password." },
  project: { type: "string", value: "id", default: "demo-kindred", description: "The demo project id." },
  "auth-port": {
    type: "string",
    value: "port",
    default: process.env.AUTH_PORT || "9099",
    description: "Auth emulator (env AUTH_PORT).",
  },
} as const;

async function authCall(
  addresses: EmulatorAddresses,
  method: string,
  body: unknown,
  owner = false,
): Promise<Record<string, unknown>> {
  const base = `http://${addresses.authHost}/identitytoolkit.googleapis.com/v1`;
  // Project-scoped admin calls take the "owner" token; the others take an API key, any value.
  const url = owner ? `${base}/projects/${addresses.projectId}/${method}` : `${base}/${method}?key=local`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(owner ? { Authorization: "Bearer owner" } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`The Auth emulator refused ${method}: ${JSON.stringify(answer.error)}`);
  return answer;
}

/** Signs in, or signs up first if there is no such user; returns the user's id and a fresh ID token. */
export async function signIn(
  addresses: EmulatorAddresses,
  email: string,
  password = DEFAULT_EDITOR_PASSWORD,
): Promise<{ uid: string; idToken: string }> {
  const body = { email, password, returnSecureToken: true };
  const answer = await authCall(addresses, "accounts:signInWithPassword", body).catch(() =>
    authCall(addresses, "accounts:signUp", body),
  );
  return { uid: String(answer.localId), idToken: String(answer.idToken) };
}

/** Gives a user the editor claim (or takes it away); a token minted after this carries it. */
export async function setEditor(addresses: EmulatorAddresses, uid: string, editor = true): Promise<void> {
  const customAttributes = JSON.stringify(editor ? { editor: true } : {});
  await authCall(addresses, "accounts:update", { localId: uid, customAttributes }, true);
}

/** The Auth emulator's record of the user with `email` (the fields used here), or null if there is none. */
async function lookUpByEmail(
  addresses: EmulatorAddresses,
  email: string,
): Promise<{ localId: string; customAttributes?: string } | null> {
  const answer = await authCall(addresses, "accounts:lookup", { email: [email] }, true);
  const users = answer.users as { localId: string; customAttributes?: string }[] | undefined;
  return users?.[0] ?? null;
}

/**
 * Takes the editor claim away from `email` and revokes every session the user holds, as the Admin
 * SDK's setCustomUserClaims and revokeRefreshTokens would: one accounts:update that keeps the user's
 * other claims and sets validSince. A token minted before validSince fails a check of revocation
 * (verifyIdToken(token, true): auth_time < tokensValidAfterTime), so every callable that checks it
 * refuses the user at once, whatever claim that token still carries. validSince is in whole seconds
 * and the Admin SDK rounds down, which spares a token minted in the same second as the removal; so it
 * is the next whole second here, and this returns once that second has come, so that a sign-in after
 * it (the user made an editor again, say) is not taken for revoked.
 */
export async function removeEditor(
  addresses: EmulatorAddresses,
  email: string,
  { firestoreHost }: { firestoreHost?: string } = {},
): Promise<{ uid: string; tokensValidAfter: Date; recorded: boolean }> {
  const user = await lookUpByEmail(addresses, email);
  if (!user) throw new Error(`The Auth emulator at ${addresses.authHost} has no user ${email}.`);
  const { editor: _editor, ...otherClaims } = JSON.parse(user.customAttributes || "{}") as Record<string, unknown>;
  const validSince = Math.floor(Date.now() / 1000) + 1;
  await authCall(
    addresses,
    "accounts:update",
    { localId: user.localId, customAttributes: JSON.stringify(otherClaims), validSince: String(validSince) },
    true,
  );
  const recorded = firestoreHost ? await recordRevocation(addresses, firestoreHost, user.localId, validSince) : false;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, validSince * 1000 - Date.now())));
  return { uid: user.localId, tokensValidAfter: new Date(validSince * 1000), recorded };
}

/**
 * Writes `editorRevocations/{uid}` { at: seconds } on the Firestore emulator, as the server does: the
 * rules (firestore.rules, isEditor) then refuse a token signed in before `at`, which still carries the
 * claim until it expires. Answers whether the emulator took it.
 */
export async function recordRevocation(
  addresses: Pick<EmulatorAddresses, "projectId">,
  firestoreHost: string,
  uid: string,
  at: number,
): Promise<boolean> {
  const url =
    `http://${firestoreHost}/v1/projects/${addresses.projectId}/databases/(default)/documents/` +
    `editorRevocations/${encodeURIComponent(uid)}`;
  try {
    const response = await fetch(url, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ fields: { at: { integerValue: String(at) } } }),
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Makes `email` an editor (creating the user if needed) and returns a token that carries the claim. */
export async function makeEditor(
  addresses: EmulatorAddresses,
  email: string,
  password = DEFAULT_EDITOR_PASSWORD,
): Promise<{ uid: string; idToken: string }> {
  const { uid } = await signIn(addresses, email, password);
  await setEditor(addresses, uid, true);
  return signIn(addresses, email, password);
}

/** What a callable answers: its result, or an error with the callable's status name (for example
 * "permission-denied"), a message and, for some errors, details. */
export type CallableAnswer<T> = { result: T } | { error: { status: string; message: string; details?: unknown } };

/** Calls the callable function `name` as the Firebase client SDK does: POST {"data": …}, with the
 * ID token as a bearer token when there is one. Returns the HTTP status and the parsed answer. */
export async function callFunction<T>(
  addresses: EmulatorAddresses,
  name: string,
  data: unknown,
  idToken?: string,
): Promise<{ status: number; answer: CallableAnswer<T> }> {
  const response = await fetch(`http://${addresses.functionsHost}/${addresses.projectId}/us-central1/${name}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, answer: (await response.json()) as CallableAnswer<T> };
}

/** Calls the previewLink callable as the editors' tool does, with an ID token or none. */
export function callPreviewLink(
  addresses: EmulatorAddresses,
  id: unknown,
  idToken?: string,
): Promise<{ status: number; answer: CallableAnswer<{ url: string; expiresAt: string }> }> {
  return callFunction<{ url: string; expiresAt: string }>(addresses, "previewLink", { id }, idToken);
}
