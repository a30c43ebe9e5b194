// The console's settings, read from the build-time environment (Vite inlines each VITE_* variable it
// finds in import.meta.env; docs/configuration.md lists them). Kept apart from firebase.ts, which
// passes import.meta.env in, so the rules below are plain functions a unit test can call.

/** host and port of an emulator, as the SDK's connect*Emulator functions take them. */
export interface EmulatorAddress {
  host: string;
  port: number;
}

export type ConsoleConfig =
  | {
      ok: true;
      firebase: { projectId: string; apiKey: string; authDomain: string };
      /** Google in production; e-mail and password on the Auth emulator. */
      signIn: "google" | "password";
      emulators: { auth?: EmulatorAddress; firestore?: EmulatorAddress; functions?: EmulatorAddress };
    }
  | { ok: false; problems: string[] };

/** The API key the emulators are given: they take any. */
const EMULATOR_API_KEY = "demo-key";

type Environment = Record<string, string | boolean | undefined>;

const text = (env: Environment, name: string): string | undefined => {
  const value = env[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
};

/** Reads one VITE_EMULATOR_* variable: undefined when unset, a problem when it is not host:port. */
function emulator(env: Environment, name: string, problems: string[]): EmulatorAddress | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  const match = /^([^:\s]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) {
    problems.push(`${name} must be host:port, such as 127.0.0.1:9099 (got "${value}").`);
    return undefined;
  }
  return { host: match[1]!, port };
}

/** The console's configuration from its build-time environment, or every problem with it. */
export function consoleConfig(env: Environment): ConsoleConfig {
  const problems: string[] = [];
  const projectId = text(env, "VITE_FIREBASE_PROJECT_ID");
  if (!projectId) problems.push("VITE_FIREBASE_PROJECT_ID is not set.");
  const auth = emulator(env, "VITE_EMULATOR_AUTH", problems);
  const firestore = emulator(env, "VITE_EMULATOR_FIRESTORE", problems);
  const functions = emulator(env, "VITE_EMULATOR_FUNCTIONS", problems);
  const usesEmulators = text(env, "VITE_EMULATOR_AUTH") !== undefined;
  const apiKey = text(env, "VITE_FIREBASE_API_KEY") ?? (usesEmulators ? EMULATOR_API_KEY : undefined);
  if (!apiKey) problems.push("VITE_FIREBASE_API_KEY is not set (only the emulators do without one).");
  if (problems.length > 0 || !projectId || !apiKey) return { ok: false, problems };
  const emulators: { auth?: EmulatorAddress; firestore?: EmulatorAddress; functions?: EmulatorAddress } = {};
  if (auth) emulators.auth = auth;
  if (firestore) emulators.firestore = firestore;
  if (functions) emulators.functions = functions;
  return {
    ok: true,
    firebase: {
      projectId,
      apiKey,
      authDomain: text(env, "VITE_FIREBASE_AUTH_DOMAIN") ?? `${projectId}.firebaseapp.com`,
    },
    signIn: auth ? "password" : "google",
    emulators,
  };
}
