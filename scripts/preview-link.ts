// `npm run preview-link -- --email EMAIL ID`: signs in to the local Auth emulator as an editor and
// calls the previewLink function as the editors' tool would, then prints the link (docs/preview.md).
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { callPreviewLink, EDITOR_OPTIONS, signIn } from "./lib/editors.ts";

const COMMAND = {
  usage: "npm run preview-link -- --email EMAIL [options] ID",
  summary: "Prints a private preview link for the article blogMetaData/ID, asked for as an editor.",
  positionals: { name: "ID", description: "The article's blogMetaData document id." },
  options: {
    email: { type: "string", value: "email", description: "An editor's email (npm run make-editor)." },
    ...EDITOR_OPTIONS,
    "functions-port": {
      type: "string",
      value: "port",
      default: process.env.FUNCTIONS_PORT || "5001",
      description: "Functions emulator (env FUNCTIONS_PORT).",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(COMMAND);
  const id = positionals[0];
  if (!id || !values.email) throw new Error("Name an editor and an article: --email editor@example.com ARTICLE_ID");
  const addresses = {
    projectId: values.project,
    authHost: `127.0.0.1:${integerOption(values["auth-port"], "auth-port")}`,
    functionsHost: `127.0.0.1:${integerOption(values["functions-port"], "functions-port")}`,
  };
  const { idToken } = await signIn(addresses, values.email, values.password);
  const { answer } = await callPreviewLink(addresses, id, idToken);
  if ("error" in answer) throw new Error(`previewLink refused: ${answer.error.status}: ${answer.error.message}`);
  console.log(`${answer.result.url}\n(expires ${answer.result.expiresAt})`);
}

if (import.meta.main) runMain(main);
