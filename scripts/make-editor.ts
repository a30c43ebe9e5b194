// `npm run make-editor -- EMAIL [--password PW]`: on the local Auth emulator (npm run emulators),
// creates the user if needed and gives it the custom claim editor: true, which the callables and the
// rules on the editors' documents ask for. `npm run make-editor -- --remove EMAIL` takes the claim
// away and revokes the user's sessions, so every callable that checks revocation refuses the user at
// once, and records the removal in Firestore (editorRevocations/{uid}) so that the rules refuse the
// sessions it held too. On a real project, use the Admin SDK: setCustomUserClaims,
// revokeRefreshTokens, and the same editorRevocations document (docs/editors-api.md).
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { EDITOR_OPTIONS, makeEditor, removeEditor } from "./lib/editors.ts";

const COMMAND = {
  usage: "npm run make-editor -- EMAIL [options], or npm run make-editor -- --remove EMAIL",
  summary:
    "Makes EMAIL an editor (Auth custom claim editor: true) on the local Auth emulator, or with --remove " +
    "stops EMAIL being one.",
  positionals: { name: "EMAIL", description: "The editor's email address." },
  options: {
    ...EDITOR_OPTIONS,
    remove: {
      type: "boolean",
      default: false,
      description:
        "Take the editor claim away from EMAIL and revoke their sessions (refresh tokens): a callable " +
        "that checks revocation refuses every token they hold at once. Also writes editorRevocations/{uid} " +
        "on the Firestore emulator (--firestore-port), so the rules refuse those tokens too.",
    },
    "firestore-port": {
      type: "string",
      value: "port",
      default: process.env.FIRESTORE_PORT || "8080",
      description: "Firestore emulator, for --remove (env FIRESTORE_PORT).",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const email = positionals[0];
  if (!email) throw new Error("Name the editor's email address: npm run make-editor -- editor@example.com");
  const authHost = `127.0.0.1:${integerOption(values["auth-port"], "auth-port")}`;
  const addresses = { projectId: values.project, authHost, functionsHost: "" };
  if (values.remove) {
    const firestoreHost = `127.0.0.1:${integerOption(values["firestore-port"], "firestore-port")}`;
    const { uid, tokensValidAfter, recorded } = await removeEditor(addresses, email, { firestoreHost });
    console.log(
      `${email} (uid ${uid}) is no longer an editor; every token minted before ` +
        `${tokensValidAfter.toISOString()} is revoked.`,
    );
    if (!recorded)
      console.warn(
        `Could not write editorRevocations/${uid} on the Firestore emulator at ${firestoreHost}: until the ` +
          "tokens they hold expire (an hour at most), the rules still let them read drafts and history.",
      );
    return;
  }
  const { uid } = await makeEditor(addresses, email, values.password);
  console.log(`${email} (uid ${uid}) is an editor; password "${values.password}".`);
}

if (import.meta.main) runMain(main);
