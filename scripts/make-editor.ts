// `npm run make-editor -- EMAIL [--password PW]`: on the local Auth emulator (npm run emulators),
// creates the user if needed and gives it the custom claim editor: true, which previewLink and the
// rules on the editors' documents ask for. On a real project, set the claim with the Admin SDK.
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { EDITOR_OPTIONS, makeEditor } from "./lib/editors.ts";

const COMMAND = {
  usage: "npm run make-editor -- EMAIL [options]",
  summary: "Makes EMAIL an editor (Auth custom claim editor: true) on the local Auth emulator.",
  positionals: { name: "EMAIL", description: "The editor's email address." },
  options: EDITOR_OPTIONS,
} as const;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const email = positionals[0];
  if (!email) throw new Error("Name the editor's email address: npm run make-editor -- editor@example.com");
  const authHost = `127.0.0.1:${integerOption(values["auth-port"], "auth-port")}`;
  const { uid } = await makeEditor({ projectId: values.project, authHost, functionsHost: "" }, email, values.password);
  console.log(`${email} (uid ${uid}) is an editor; password "${values.password}".`);
}

if (import.meta.main) runMain(main);
