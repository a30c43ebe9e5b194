// Who is signed in, and whether they are an editor: a user whose ID token carries the custom claim
// `editor: true`, the boolean (docs/editors-api.md, Who may call). The claim is read from the token
// itself, again whenever the token changes (a refresh brings a claim given or taken since).
import { onIdTokenChanged, signOut, type Auth, type User } from "firebase/auth";
import { useEffect, useState } from "react";
import { errorInWords } from "../api";

export type Session =
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "not-editor"; user: User }
  | { kind: "editor"; user: User }
  | { kind: "error"; message: string };

/** Whether a token's claims make its user an editor: the boolean true, not "true" nor 1. */
export const isEditorClaim = (claims: Record<string, unknown>): boolean => claims.editor === true;

/** The session of `auth`, kept current. */
export function useSession(auth: Auth): Session {
  const [session, setSession] = useState<Session>({ kind: "loading" });
  useEffect(() => {
    let latest = 0;
    return onIdTokenChanged(auth, (user) => {
      const call = ++latest;
      if (!user) {
        setSession({ kind: "signed-out" });
        return;
      }
      user.getIdTokenResult().then(
        ({ claims }) => {
          if (call === latest) setSession({ kind: isEditorClaim(claims) ? "editor" : "not-editor", user });
        },
        (error: unknown) => {
          if (call === latest) setSession({ kind: "error", message: errorInWords(error).message });
        },
      );
    });
  }, [auth]);
  return session;
}

/** Signs out; the session becomes signed-out through the listener above. */
export function signOutOf(auth: Auth): Promise<void> {
  return signOut(auth);
}
