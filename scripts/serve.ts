// Serves the production build in public/ with the hosting rules of firebase.json (rewrites,
// headers, clean URLs), compressed, as Firebase Hosting would. `npm start` and the tests use it.
// `PORT=9000 PUBLIC_DIR=public npm run serve`; PORT=0 picks a free port. `--target editors` serves the
// editors' console (editors/dist) with its own entry's rules instead (npm run emulators does).
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import superstaticServer from "superstatic/lib/server.js";
import type { Configuration } from "superstatic/lib/config.js";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { stableFileProvider } from "./lib/file-provider.ts";
import { hostingEntry, withCspSources, type HostingTarget } from "./lib/hosting.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

export interface ServeOptions {
  /** Default 9000; 0 picks a free port. */
  port?: number;
  host?: string;
  /** The build to serve. Default: the target's own, public/ or editors/dist. */
  publicDir?: string;
  /** Whose hosting entry of firebase.json to serve with. Default: the site's. */
  target?: HostingTarget;
  /** Sources added to directives of the Content-Security-Policy, such as local emulators' addresses. */
  cspSources?: Record<string, string[]>;
}

/** Where each target's build is, as firebase.json names it. */
const publicDirOf = (target: HostingTarget): string =>
  path.join(PROJECT_ROOT, String(hostingEntry(target).public ?? "public"));

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Starts the server; resolves with its URL and a close function. */
export function startServer({
  port = 9000,
  host = "127.0.0.1",
  target = "site",
  publicDir = publicDirOf(target),
  cspSources,
}: ServeOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(publicDir, "index.html"))) {
    const command = target === "site" ? "npm run build" : "npm run build:editors";
    throw new Error(`No production build in ${publicDir}: run "${command}" first.`);
  }
  const entry = hostingEntry(target);
  const { target: _target, ...hosting } = cspSources ? withCspSources(entry, cspSources) : entry;
  const app = superstaticServer({
    port,
    hostname: host,
    cwd: PROJECT_ROOT,
    config: { ...(hosting as Configuration), public: path.relative(PROJECT_ROOT, publicDir) || "." },
    compression: true,
    // Opens each file before answering: a release swapped meanwhile (a take-down) cannot crash the server.
    provider: stableFileProvider(publicDir),
  });
  return new Promise((resolve, reject) => {
    const server = app.listen(() => {
      const { port: chosen } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${chosen}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
    server.on("error", reject);
  });
}

const COMMAND = {
  usage: "npm run serve -- [options]",
  summary: "Serves a production build with firebase.json's hosting rules, as Firebase Hosting would.",
  options: {
    port: {
      type: "string",
      value: "port",
      default: process.env.PORT ?? "9000",
      description: "The port; 0 picks a free one (env PORT).",
    },
    public: {
      type: "string",
      value: "dir",
      description: "The build to serve (env PUBLIC_DIR; default: the target's, public/ or editors/dist).",
    },
    target: {
      type: "string",
      value: "name",
      default: "site",
      description: "The hosting entry of firebase.json to serve with: site, or editors (the editors' console).",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const publicDir = values.public ?? process.env.PUBLIC_DIR;
  if (values.target !== "site" && values.target !== "editors")
    throw new Error(`--target is site or editors, not "${values.target}".`);
  const { url } = await startServer({
    port: integerOption(values.port, "port", 0),
    target: values.target,
    publicDir: publicDir ? path.resolve(publicDir) : undefined,
  });
  console.log(`Serving the production build at ${url} (Ctrl+C to stop)`);
}

if (import.meta.main) runMain(main);
