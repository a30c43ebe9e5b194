// Building the editors' console (editors/, a Vite app) against local emulators, and serving it as its
// Firebase Hosting site would: `npm run emulators` does both (docs/editors-console.md). The build takes
// the emulators' addresses as VITE_* variables, which Vite writes into the console's code, so each run
// builds its own copy into a folder of its own and two runs never share one.
import { spawn } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "./root.ts";

const VITE_BIN = path.join(PROJECT_ROOT, "node_modules", "vite", "bin", "vite.js");
export const CONSOLE_CONFIG = path.join(PROJECT_ROOT, "editors", "vite.config.mts");

export interface ConsoleEmulators {
  projectId: string;
  /** host:port of each emulator. */
  authHost: string;
  firestoreHost: string;
  functionsHost: string;
  /** The site the console links to (published articles, previews). */
  siteUrl: string;
}

/** The build-time settings of a console that talks to these emulators (docs/configuration.md). */
export function consoleEnvironment(emulators: ConsoleEmulators): Record<string, string> {
  return {
    VITE_FIREBASE_PROJECT_ID: emulators.projectId,
    VITE_FIREBASE_API_KEY: "demo-key",
    VITE_FIREBASE_AUTH_DOMAIN: `${emulators.projectId}.firebaseapp.com`,
    VITE_EMULATOR_AUTH: emulators.authHost,
    VITE_EMULATOR_FIRESTORE: emulators.firestoreHost,
    VITE_EMULATOR_FUNCTIONS: emulators.functionsHost,
    VITE_SITE_URL: emulators.siteUrl,
  };
}

/**
 * The sources the console's policy (firebase.json, its hosting entry) needs besides its own to run against
 * the emulators: their addresses to connect to, and local origins for images (covers on the local image
 * server and the site).
 */
export function emulatorCspSources(emulators: ConsoleEmulators, imageOrigins: string[] = []): Record<string, string[]> {
  return {
    "connect-src": [emulators.authHost, emulators.firestoreHost, emulators.functionsHost].map(
      (host) => `http://${host}`,
    ),
    "img-src": [...new Set([new URL(emulators.siteUrl).origin, ...imageOrigins])],
  };
}

/**
 * Builds the console into `outDir` with `settings` (consoleEnvironment) and only those: VITE_* variables of
 * the caller's environment are left out, so a production setting cannot leak into a local build.
 * Resolves once it is built; rejects with Vite's output if it is not.
 */
export function buildConsole(outDir: string, settings: Record<string, string>): Promise<void> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITE_")));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [VITE_BIN, "build", "--config", CONSOLE_CONFIG, "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      { cwd: PROJECT_ROOT, env: { ...inherited, ...settings }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`The editors' console did not build (exit ${code}):\n${output}`)),
    );
  });
}
