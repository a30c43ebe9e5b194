import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { signalGroup } from "../../scripts/lib/processes.ts";

// Starting and stopping the project's own long-running scripts (emulator, server, rebuild service)
// as real processes in tests. The port and process-group helpers are the scripts' own.
export { freePort, signalGroup } from "../../scripts/lib/processes.ts";

const root = path.resolve(__dirname, "../..");

export interface StartedScript {
  child: ChildProcess;
  /** The match of the ready pattern in the script's output. */
  ready: RegExpMatchArray;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `node <script>` (relative to the project; TypeScript scripts run as they are, Node 24
 * strips their types) in its own process group and resolves once its output matches `ready`;
 * rejects with that output if it exits first. `baseEnv` defaults to this process's.
 */
export function startScript(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  baseEnv: NodeJS.ProcessEnv = process.env,
): Promise<StartedScript> {
  return new Promise((resolve, reject) => {
    if (script.endsWith(".ts") && !process.features.typescript) {
      reject(new Error(`${script} is TypeScript, which Node ${process.version} cannot run: run the tests on Node 24.`));
      return;
    }
    const child = spawn(process.execPath, [path.join(root, script)], {
      env: { ...baseEnv, ...env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, ready: match, output: () => output, exited });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("error", (error) => reject(new Error(`${script} could not start: ${error.message}`)));
    void exited.then((code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** Stops a script started by startScript (or any child spawned with `detached: true`), with every process it started. */
export const stopGroup = (child: ChildProcess | undefined | null): void => signalGroup(child?.pid);
