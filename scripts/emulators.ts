// `npm run emulators`: the editors' side on one machine. The Firestore emulator (seeded with the
// sample articles), the Auth and Functions emulators (the editors' API, previewLink and the rebuild trigger), the
// rebuild service and the site it publishes, served as Firebase Hosting would; preview links and
// the published URLs point at that local site. And the editors' console, built against these emulators
// and served with its own hosting rules, with an editor to sign in as. Ctrl+C stops everything. See
// docs/preview.md and docs/editors-console.md.
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator, type RunningEmulator } from "./emulator.ts";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { buildConsole, consoleEnvironment, emulatorCspSources, type ConsoleEmulators } from "./lib/editors-console.ts";
import { DEFAULT_EDITOR_PASSWORD, makeEditor } from "./lib/editors.ts";
import { emulatorsFolders } from "./lib/emulators-folders.ts";
import { startFirebaseEmulators, type RunningFirebaseEmulators } from "./lib/firebase-emulators.ts";
import { startImageServer, type ImageServer } from "./lib/image-server.ts";
import { freePort, signalGroup } from "./lib/processes.ts";
import { PROJECT_ROOT } from "./lib/root.ts";
import { seed } from "./seed.ts";
import { startServer, type RunningServer } from "./serve.ts";

const env = process.env;
/** The callables the Functions emulator serves for an editors' tool. */
const EDITORS_API = [
  "saveArticle",
  "publishArticle",
  "unpublishArticle",
  "scheduleArticle",
  "restoreArticleVersion",
  "requestSiteRebuild",
  "previewLink",
];
/** The editor every run makes, to sign in to the console with (password DEFAULT_EDITOR_PASSWORD). */
export const SEEDED_EDITOR = "editor@example.com";
const COMMAND = {
  usage: "npm run emulators -- [options]",
  summary:
    "Starts the Firestore, Auth and Functions emulators (seeded with the sample articles), the rebuild\n" +
    "service and the site it publishes, and prints each address. Ctrl+C stops them all.",
  options: {
    project: { type: "string", value: "id", default: "demo-kindred", description: "The demo project id." },
    "firestore-port": {
      type: "string",
      value: "port",
      default: env.FIRESTORE_PORT || "8080",
      description: "Firestore emulator (env FIRESTORE_PORT).",
    },
    "auth-port": {
      type: "string",
      value: "port",
      default: env.AUTH_PORT || "9099",
      description: "Auth emulator (env AUTH_PORT).",
    },
    "functions-port": {
      type: "string",
      value: "port",
      default: env.FUNCTIONS_PORT || "5001",
      description: "Functions emulator (env FUNCTIONS_PORT).",
    },
    "webhook-port": {
      type: "string",
      value: "port",
      default: env.WEBHOOK_PORT || "8787",
      description: "Rebuild service (env WEBHOOK_PORT).",
    },
    "site-port": {
      type: "string",
      value: "port",
      default: env.SITE_PORT || "9000",
      description: "The published site (env SITE_PORT).",
    },
    "editors-port": {
      type: "string",
      value: "port",
      default: env.EDITORS_PORT || "5175",
      description: "The editors' console (env EDITORS_PORT).",
    },
    "emulators-only": {
      type: "boolean",
      description: "Start only the emulators (no rebuild service, no site); links point at --site-url.",
    },
    "site-url": { type: "string", value: "url", description: "With --emulators-only: where the site is served." },
  },
} as const;

/** Ports: 0 picks a free one, so tests can run beside a developer's own `npm run emulators`. */
async function port(value: string, name: string): Promise<number> {
  const chosen = integerOption(value, name, 0);
  return chosen === 0 ? freePort() : chosen;
}

function startWebhook(environment: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "webhook", "server.ts")], {
      env: environment,
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    });
    child.on("exit", (code) => reject(new Error(`The rebuild service exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const projectId = values.project;
  const [firestorePort, authPort, functionsPort, webhookPort, sitePort, editorsPort] = await Promise.all([
    port(values["firestore-port"], "firestore-port"),
    port(values["auth-port"], "auth-port"),
    port(values["functions-port"], "functions-port"),
    port(values["webhook-port"], "webhook-port"),
    port(values["site-port"], "site-port"),
    port(values["editors-port"], "editors-port"),
  ]);
  const siteUrl = (values["emulators-only"] && values["site-url"]) || `http://127.0.0.1:${sitePort}`;
  const stops: (() => unknown)[] = [];
  // The console is built while the emulators start: it needs only their addresses, known already.
  const consoleEmulators: ConsoleEmulators = {
    projectId,
    authHost: `127.0.0.1:${authPort}`,
    firestoreHost: `127.0.0.1:${firestorePort}`,
    functionsHost: `127.0.0.1:${functionsPort}`,
    siteUrl,
  };
  const consoleDir = mkdtempSync(path.join(os.tmpdir(), "kindred-editors-"));
  stops.push(() => rmSync(consoleDir, { recursive: true, force: true }));
  const consoleBuilt = buildConsole(consoleDir, consoleEnvironment(consoleEmulators));
  consoleBuilt.catch(() => undefined); // awaited below; a failure before then must not go unhandled
  const shutdown = (code = 0): never => {
    for (const stop of stops.reverse()) stop();
    process.exit(code);
  };
  process.on("SIGINT", () => shutdown());
  process.on("SIGTERM", () => shutdown());

  try {
    // The covers come from a local stand-in for the storage bucket, as in the tests.
    const images: ImageServer = await startImageServer({ dir: path.join(PROJECT_ROOT, "content", "blog", "images") });
    stops.push(() => void images.close());
    console.log(`Sample images       ${images.url}`);
    const functionsHost = `127.0.0.1:${functionsPort}`;
    const firestore: RunningEmulator = await startEmulator({ port: firestorePort, functionsEmulator: functionsHost });
    stops.push(firestore.stop);
    const count = await seed({ emulator: firestore.host, project: projectId, imageBase: `${images.url}/` });
    console.log(`Firestore emulator  http://${firestore.host}  (seeded with ${count} sample articles)`);

    const secret = randomBytes(32).toString("hex");
    const webhookUrl = `http://127.0.0.1:${webhookPort}`;
    const firebase: RunningFirebaseEmulators = await startFirebaseEmulators({
      projectId,
      firestoreHost: firestore.host,
      authPort,
      functionsPort,
      functionsEnv: { REBUILD_URL: `${webhookUrl}/rebuild`, PREVIEW_SITE_URL: siteUrl },
      secrets: { REBUILD_SECRET: secret },
    });
    stops.push(firebase.stop);
    console.log(`Auth emulator       http://${firebase.authHost}`);
    console.log(`Functions emulator  http://${firebase.functionsHost}/${projectId}/us-central1/<name>`);
    console.log(`  editors' API       ${EDITORS_API.join(", ")}  (docs/editors-api.md)`);

    await makeEditor(
      { projectId, authHost: firebase.authHost, functionsHost: firebase.functionsHost },
      SEEDED_EDITOR,
      DEFAULT_EDITOR_PASSWORD,
    );
    await consoleBuilt;
    const editors: RunningServer = await startServer({
      port: editorsPort,
      target: "editors",
      publicDir: consoleDir,
      cspSources: emulatorCspSources(consoleEmulators, [images.url]),
    });
    stops.push(() => void editors.close());
    console.log(`Editors' console  ${editors.url}`);
    console.log(`  sign in as         ${SEEDED_EDITOR}, password ${DEFAULT_EDITOR_PASSWORD}`);

    if (!values["emulators-only"]) {
      // One site and one builds folder per project and checkout: a second clone shares neither.
      const { publishDir, buildsDir } = emulatorsFolders(os.tmpdir(), projectId, PROJECT_ROOT);
      mkdirSync(path.dirname(publishDir), { recursive: true });
      const webhook = await startWebhook({
        ...process.env,
        REBUILD_SECRET: secret,
        PORT: String(webhookPort),
        HOST: "127.0.0.1",
        PUBLISH_DIR: publishDir,
        BUILDS_DIR: buildsDir,
        PROJECT_DIR: PROJECT_ROOT,
        // What its builds read, and where their pages and links point.
        GATSBY_FIREBASE_PROJECT_ID: projectId,
        GATSBY_FIRESTORE_EMULATOR_HOST: firestore.host,
        GATSBY_FIREBASE_AUTH_EMULATOR_HOST: firebase.authHost,
        FIRESTORE_EMULATOR_HOST: firestore.host,
        ALLOW_INSECURE_IMAGE_HOSTS: "true",
        SITE_URL: siteUrl,
        // Scheduled publishing on the service's own timer (docs/scheduling.md), as in the tests.
        SCHEDULE_PROJECT_ID: projectId,
      });
      stops.push(() => signalGroup(webhook.child.pid));
      console.log(`Rebuild service     ${webhook.url}  (GET /status)`);
      if (!existsSync(path.join(publishDir, "index.html"))) {
        console.log("First build of the site: it is served once the rebuild service publishes it…");
        await fetch(`${webhook.url}/rebuild`, {
          method: "POST",
          headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
          body: JSON.stringify({ reason: "npm run emulators" }),
        });
        while (!existsSync(path.join(publishDir, "index.html"))) {
          if (webhook.child.exitCode !== null) throw new Error("The rebuild service stopped before publishing.");
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
      const site: RunningServer = await startServer({ port: sitePort, publicDir: publishDir });
      stops.push(() => void site.close());
      console.log(`Site                ${site.url}`);
    }
  } catch (error) {
    for (const stop of stops.reverse()) stop();
    throw error;
  }

  const example = readdirSync(path.join(PROJECT_ROOT, "content", "blog")).find((name) => name.endsWith(".json"));
  const exampleId = example
    ? (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "content", "blog", example), "utf8")) as { id: string }).id
    : "<blogMetaData id>";
  const ports = `AUTH_PORT=${authPort} FUNCTIONS_PORT=${functionsPort} FIRESTORE_PORT=${firestorePort}`;
  console.log("");
  console.log(`Make another editor (${SEEDED_EDITOR} is one already; a user with the custom claim editor: true):`);
  console.log(`  ${ports} npm run make-editor -- another@example.com`);
  console.log("Stop them being one (the claim, their sessions, and what the rules let them read):");
  console.log(`  ${ports} npm run make-editor -- --remove editor@example.com`);
  console.log("Get a preview link for an article (a blogMetaData id):");
  console.log(`  ${ports} npm run preview-link -- --email editor@example.com ${exampleId}`);
  console.log(`All emulators ready for project ${projectId}. Ctrl+C stops everything.`);
  setInterval(() => undefined, 1 << 30);
}

if (import.meta.main) runMain(main);
