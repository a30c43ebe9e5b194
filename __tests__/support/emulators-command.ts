import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { stopGroup } from "./processes";

// `npm run emulators` (scripts/emulators.ts) as the tests start it: every service on a port of its own
// that the command picks (port 0: no race with a suite running beside), read back from what it prints,
// as a developer reads it.

const PROJECT_ROOT = path.resolve(__dirname, "../..");

/** The services `npm run emulators` takes a `--<name>-port` for. */
export const EMULATORS_SERVICES = ["firestore", "auth", "functions", "webhook", "site", "editors"] as const;
export type EmulatorsService = (typeof EMULATORS_SERVICES)[number];

export interface EmulatorsCommandOptions {
  project: string;
  /** Further arguments, such as `--emulators-only` or `--site-url`. */
  args?: string[];
  /** The services given a free port; the rest keep their defaults (the default: all of them). */
  services?: readonly EmulatorsService[];
  /** The checkout whose command runs (the default: this one). */
  root?: string;
}

export interface EmulatorsCommand {
  child: ChildProcess;
  /** What the command printed up to "All emulators ready". */
  output: string;
  /** The `http://host:port` printed after `label` (such as "Site" or "Editors' console"). */
  address(label: string): string;
  /** host:port of the Firestore, Auth and Functions emulators, as firebase-admin and the SDKs take them. */
  firestoreHost: string;
  authHost: string;
  functionsHost: string;
  /** Stops everything the command started, and waits for it to exit (at most 15 s). */
  stop(): Promise<void>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Starts `npm run emulators -- --project <project>` and resolves once it prints "All emulators ready". */
export function startEmulatorsCommand(options: EmulatorsCommandOptions): Promise<EmulatorsCommand> {
  const root = options.root ?? PROJECT_ROOT;
  const ports = (options.services ?? EMULATORS_SERVICES).flatMap((name) => [`--${name}-port`, "0"]);
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts", "emulators.ts"), "--project", options.project, ...ports, ...(options.args ?? [])],
    { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const address = (label: string): string => {
      const found = new RegExp(`^\\s*${escape(label)}\\s+(http://[\\d.:]+)`, "m").exec(output);
      if (!found) throw new Error(`npm run emulators did not print an address for ${label}:\n${output}`);
      return found[1]!;
    };
    const host = (label: string): string => address(label).replace(/^http:\/\//, "");
    const stop = async (): Promise<void> => {
      const exited = new Promise((done) => (child.exitCode !== null ? done(null) : child.once("exit", done)));
      stopGroup(child);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, 15_000)))]);
      clearTimeout(timer);
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (!/All emulators ready/.test(output)) return;
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      // Keep reading (and dropping) what it prints after, so a full pipe never blocks it.
      child.stdout?.resume();
      child.stderr?.resume();
      try {
        resolve({
          child,
          output,
          address,
          firestoreHost: host("Firestore emulator"),
          authHost: host("Auth emulator"),
          functionsHost: host("Functions emulator"),
          stop,
        });
      } catch (error) {
        void stop();
        reject(error as Error);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`npm run emulators exited with ${code}:\n${output}`)));
  });
}
