// The console: who is signed in decides the screen (sign-in, not an editor, or the editor's screens), and
// the URL's hash decides which of the editor's screens (route.ts).
import { lazy, Suspense } from "react";
import { ToastContainer } from "react-toastify";
import { ArticleList } from "./articles/ArticleList";
import { signOutOf, useSession, type Session } from "./auth/session";
import { SignIn } from "./auth/SignIn";
import { config, services, type Services } from "./firebase";
import { go, useRoute } from "./route";

// The editing screen (editors/src/editor/) is loaded when an article is opened, so the list does not wait
// for Editor.js and its tools.
const ArticleEditor = lazy(() =>
  import("./editor/ArticleEditor").then(({ ArticleEditor }) => ({ default: ArticleEditor })),
);

function Header({ session, services }: { session: Session; services: Services }) {
  return (
    <header className="bar">
      <p className="brand">
        <a href="#/">Kindred editors</a>
        {services.signIn === "password" && <span className="tag">Local emulators</span>}
      </p>
      {session.kind === "editor" && (
        <div className="account">
          <span className="who">{session.user.email ?? session.user.uid}</span>
          <button type="button" onClick={() => void signOutOf(services.auth)}>
            Sign out
          </button>
        </div>
      )}
    </header>
  );
}

function EditorScreens({ services }: { services: Services }) {
  const route = useRoute();
  if (route.screen === "editor")
    return (
      <Suspense fallback={<p role="status">Opening the editor…</p>}>
        <ArticleEditor key={route.id ?? "new"} id={route.id} onClose={() => go("#/")} />
      </Suspense>
    );
  return <ArticleList db={services.db} onNew={() => go("#/new")} />;
}

function Screen({ session, services }: { session: Session; services: Services }) {
  switch (session.kind) {
    case "loading":
      return <p role="status">Checking your sign-in…</p>;
    case "signed-out":
      return <SignIn auth={services.auth} method={services.signIn} />;
    case "not-editor":
    case "error":
      return (
        <section className="panel" aria-labelledby="refused-heading">
          <h1 id="refused-heading">No access</h1>
          <p role="alert">{session.kind === "not-editor" ? "This account is not an editor." : session.message}</p>
          {session.kind === "not-editor" && (
            <p>
              You are signed in as {session.user.email ?? session.user.uid}. Ask an administrator to make this account
              an editor, then sign in again.
            </p>
          )}
          <button type="button" className="primary" onClick={() => void signOutOf(services.auth)}>
            Sign out
          </button>
        </section>
      );
    case "editor":
      return <EditorScreens services={services} />;
  }
}

function Console({ services }: { services: Services }) {
  const session = useSession(services.auth);
  return (
    <>
      <Header session={session} services={services} />
      <main id="main">
        <Screen session={session} services={services} />
      </main>
      <ToastContainer position="bottom-right" />
    </>
  );
}

export function App() {
  if (services) return <Console services={services} />;
  return (
    <main id="main">
      <section className="panel" aria-labelledby="setup-heading">
        <h1 id="setup-heading">This console is not set up</h1>
        <p>It was built without its Firebase settings:</p>
        <ul>{config.ok ? null : config.problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
        <p>Build it again with them (docs/editors-console.md).</p>
      </section>
    </main>
  );
}
