import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const PROJECT_FILES = ["package.json", "gatsby-config.ts", "gatsby-node.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx", "tsconfig.json", "src", "plugins", "static"];

export interface SiteBuild {
  dir: string;
  publicDir: string;
  output: string;
  exitCode: number;
}

/**
 * Runs a real `gatsby build` of the site in a scratch copy of the project (so the working tree's
 * public/ and .cache/ are left alone), with the given environment and optional content folder.
 */
export function buildSite(env: Record<string, string>, options: { contentDir?: string } = {}): Promise<SiteBuild> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-build-"));
  for (const entry of PROJECT_FILES) {
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  const contentSource = options.contentDir ?? path.join(root, "content");
  if (existsSync(contentSource)) {
    cpSync(contentSource, path.join(dir, options.contentDir ? "content/blog" : "content"), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return new Promise((resolve) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: dir,
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        GATSBY_FIREBASE_PROJECT_ID: "",
        GATSBY_FIRESTORE_EMULATOR_HOST: "",
        FIRESTORE_EMULATOR_HOST: "",
        ...env,
        FORCE_COLOR: "0",
        CI: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ dir, publicDir: path.join(dir, "public"), output, exitCode: code ?? 1 }));
  });
}
