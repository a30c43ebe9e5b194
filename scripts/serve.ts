// Serves the production build in public/ with the hosting rules of firebase.json (rewrites,
// headers, clean URLs), compressed, as Firebase Hosting would. `npm start` and the tests use it.
// `PORT=9000 PUBLIC_DIR=public npm run serve`; PORT=0 picks a free port.
import { existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import superstaticServer from "superstatic/lib/server.js";
import type { Configuration } from "superstatic/lib/config.js";
import { integerOption, parseCommandLine, runMain } from "./lib/cli.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

export interface ServeOptions {
  /** Default 9000; 0 picks a free port. */
  port?: number;
  host?: string;
  /** The build to serve. Default: the project's public/. */
  publicDir?: string;
}

export interface RunningServer {
  url: string;
  close: () => Promise<void>;
}

/** Starts the server; resolves with its URL and a close function. */
export function startServer({
  port = 9000,
  host = "127.0.0.1",
  publicDir = path.join(PROJECT_ROOT, "public"),
}: ServeOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(publicDir, "index.html"))) {
    throw new Error(`No production build in ${publicDir}: run "npm run build" first.`);
  }
  const { hosting } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "firebase.json"), "utf8")) as {
    hosting: Configuration;
  };
  const app = superstaticServer({
    port,
    hostname: host,
    cwd: PROJECT_ROOT,
    config: { ...hosting, public: path.relative(PROJECT_ROOT, publicDir) || "." },
    compression: true,
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
      description: "The build to serve (env PUBLIC_DIR; default: the project's public/).",
    },
  },
} as const;

async function main(): Promise<void> {
  const { values } = parseCommandLine(COMMAND);
  const publicDir = values.public ?? process.env.PUBLIC_DIR;
  const { url } = await startServer({
    port: integerOption(values.port, "port", 0),
    publicDir: publicDir ? path.resolve(publicDir) : undefined,
  });
  console.log(`Serving the production build at ${url} (Ctrl+C to stop)`);
}

if (import.meta.main) runMain(main);
