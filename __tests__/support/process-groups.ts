import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

// Process groups as a build command makes them (a shell leading workers it started), for the tests
// of the rebuild service's helpers that stop them (webhook/lib/process-group.ts, run-command.ts,
// queue-file.ts). Linux: a process's state is read from /proc.

/** Whether a process still runs (a zombie waiting to be reaped does not). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Polls until `done` holds: a condition to wait for, never a fixed time; throws naming `what` after `timeoutMs`. */
export async function until(done: () => boolean, what: string, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface WorkerGroup {
  /** The shell, which leads the group: its pid is the group's id. */
  shell: ChildProcess;
  /** The two workers the shell started in the background. */
  workers: number[];
  /** Resolves with the signal that ended the shell (null when it exited by itself). */
  exited: Promise<NodeJS.Signals | null>;
}

const started = new Set<WorkerGroup>();

/**
 * Starts a shell in a process group of its own, in `cwd`, with two workers behind it, as the service
 * starts a build command; resolves once both workers run. With `ignoreTerm` the shell and its workers
 * ignore SIGTERM, as a stuck build may. Stop what a test left with killWorkerGroups().
 */
export function startWorkerGroup(
  cwd?: string,
  { ignoreTerm = false }: { ignoreTerm?: boolean } = {},
): Promise<WorkerGroup> {
  if (cwd) mkdirSync(cwd, { recursive: true });
  // An ignored signal stays ignored in what the shell starts.
  const script = `${ignoreTerm ? "trap '' TERM; " : ""}sleep 300 & echo $!; sleep 300 & echo $!; wait`;
  const shell = spawn("sh", ["-c", script], {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => shell.on("exit", (_code, signal) => resolve(signal)));
  return new Promise((resolve) => {
    let text = "";
    shell.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const workers = text.trim().split("\n").filter(Boolean).map(Number);
      if (workers.length < 2) return;
      const group = { shell, workers, exited };
      started.add(group);
      resolve(group);
    });
  });
}

/** Kills every process of the groups startWorkerGroup started that is still there (after each test). */
export function killWorkerGroups(): void {
  for (const { shell, workers } of started) {
    for (const pid of [shell.pid!, ...workers]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  started.clear();
}

/** Kills every process working inside `dir`: what the builds of a failed test left running there. */
export function killProcessesIn(dir: string): void {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      if (cwd === dir || cwd.startsWith(dir + path.sep)) process.kill(Number(name), "SIGKILL");
    } catch {
      // gone meanwhile, or not ours
    }
  }
}
