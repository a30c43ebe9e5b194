// The sign-in screen: Google in production, e-mail and password on the Auth emulator (npm run emulators
// seeds an editor and prints its address and password).
import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  type Auth,
} from "firebase/auth";
import { useState, type FormEvent } from "react";
import { errorInWords } from "../api";

interface Props {
  auth: Auth;
  method: "google" | "password";
}

/** Google's sign-in window. Its resolver, given here only, loads Google's own script (apis.google.com) then. */
async function signInWithGoogle(auth: Auth): Promise<void> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: "select_account" });
  await signInWithPopup(auth, provider, browserPopupRedirectResolver);
}

export function SignIn({ auth, method }: Props) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const attempt = async (work: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorInWords(error).message);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void attempt(() => signInWithEmailAndPassword(auth, email.trim(), password));
  };

  return (
    <section className="panel sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">Sign in</h1>
      <p>The editors&apos; console is for Kindred&apos;s editors: sign in with your editor account.</p>
      {method === "password" ? (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="sign-in-email">Email</label>
            <input
              id="sign-in-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="sign-in-password">Password</label>
            <input
              id="sign-in-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <button type="submit" className="primary" disabled={busy}>
            Sign in
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void attempt(() => signInWithGoogle(auth))}
        >
          Sign in with Google
        </button>
      )}
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
