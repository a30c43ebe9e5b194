import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

// Starting and stopping the project's own long-running scripts (emulator, server, rebuild service)
// as real processes in tests.
const root = path.resolve(__dirname, "../..");

/** A free TCP port on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface StartedScript {
  child: ChildProcess;
  /** The match of the ready pattern in the script's output. */
  ready: RegExpMatchArray;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `node <script>` (relative to the project) in its own process group and resolves once its
 * output matches `ready`; rejects with that output if it exits first. `baseEnv` defaults to this process's.
 */
export function startScript(script: string, env: Record<string, string>, ready: RegExp, baseEnv: NodeJS.ProcessEnv = process.env): Promise<StartedScript> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script)], { env: { ...baseEnv, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, ready: match, output: () => output, exited });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** Stops a script started by startScript, with every process it started. */
export const stopGroup = (child: ChildProcess | undefined): void => {
  if (child?.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
};
