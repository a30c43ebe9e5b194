import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, signalGroup } from "../../scripts/lib/processes.ts";

// The Auth emulator of firebase-tools alone, on free ports, for tests of what an editor's account
// goes through (make-editor, its --remove). It needs neither Java nor the functions' build, unlike
// scripts/lib/firebase-emulators.ts, which starts it with the Functions emulator.

const FIREBASE_BIN = path.join(__dirname, "../../node_modules/.bin/firebase");

export interface RunningAuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  stop: () => void;
}

export async function startAuthEmulator(projectId: string, timeoutMs = 60_000): Promise<RunningAuthEmulator> {
  const [authPort, hubPort, loggingPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const runDir = mkdtempSync(path.join(os.tmpdir(), "kindred-auth-emulator-"));
  const at = (port: number) => ({ host: "127.0.0.1", port });
  const config = {
    emulators: { auth: at(authPort), hub: at(hubPort), logging: at(loggingPort), ui: { enabled: false } },
  };
  writeFileSync(path.join(runDir, "firebase.json"), JSON.stringify(config));
  const logFile = path.join(runDir, "emulator.log");
  const log = openSync(logFile, "a");
  const args = ["emulators:start", "--only", "auth", "--project", projectId, "--non-interactive"];
  const child = spawn(FIREBASE_BIN, [...args, "--config", path.join(runDir, "firebase.json")], {
    cwd: runDir,
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const stop = (): void => {
    signalGroup(child.pid);
    rmSync(runDir, { recursive: true, force: true });
  };
  const host = `127.0.0.1:${authPort}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const answer = await fetch(`http://${host}/`).catch(() => null);
    if (answer?.ok) return { host, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seen = readFileSync(logFile, "utf8").slice(-4000);
  stop();
  throw new Error(`The Auth emulator did not start within ${timeoutMs / 1000} s:\n${seen}`);
}
