import { spawn } from "node:child_process";
import path from "node:path";
import { copySiteProject } from "../../scripts/lib/project-files.ts";

const root = path.resolve(__dirname, "../..");

export interface SiteBuild {
  dir: string;
  publicDir: string;
  output: string;
  exitCode: number;
}

/**
 * A scratch copy of the project (the files of SITE_SOURCES, the content or `contentDir` as
 * content/blog, node_modules linked), so the working tree's public/ and .cache/ are left alone.
 */
export function copyProject(options: { contentDir?: string } = {}): string {
  return copySiteProject(root, options);
}

/**
 * The environment of a Gatsby process in tests: no Firebase unless the test says so, and without
 * Jest's NODE_ENV=test, which makes `gatsby develop` compile with the wrong Babel settings.
 */
export function gatsbyEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, BABEL_ENV: _babelEnv, ...inherited } = process.env;
  return {
    ...inherited,
    GATSBY_TELEMETRY_DISABLED: "1",
    GATSBY_FIREBASE_PROJECT_ID: "",
    GATSBY_FIRESTORE_EMULATOR_HOST: "",
    FIRESTORE_EMULATOR_HOST: "",
    // The tests' image servers answer over http on 127.0.0.1, which a real build never downloads from.
    ALLOW_INSECURE_IMAGE_HOSTS: "true",
    ...env,
    FORCE_COLOR: "0",
    CI: "true",
  };
}

export const GATSBY_BIN = path.join(root, "node_modules", ".bin", "gatsby");

/**
 * Runs a real `gatsby build` of the site in a scratch copy, with the given environment and optional
 * content folder; with `dir`, again in the workspace of an earlier build, its caches kept.
 */
export function buildSite(
  env: Record<string, string>,
  options: { contentDir?: string; dir?: string } = {},
): Promise<SiteBuild> {
  const dir = options.dir ?? copyProject(options);
  return new Promise((resolve) => {
    const child = spawn(GATSBY_BIN, ["build"], { cwd: dir, env: gatsbyEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ dir, publicDir: path.join(dir, "public"), output, exitCode: code ?? 1 }));
  });
}
