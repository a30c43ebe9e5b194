// Runs a shell command in its own process group, so a timeout or a shutdown stops the command and
// every worker it started, not just the shell.
import { spawn } from "node:child_process";
import { signalGroup } from "./process-group.ts";

const KILL_GRACE_MS = 10_000;

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  cancelled: boolean;
}

export interface RunningCommand {
  /** The process group's id (the shell's pid). */
  pid: number | undefined;
  done: Promise<CommandResult>;
  cancel(): void;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Receives stdout and stderr text as it arrives. */
  onOutput(text: string): void;
  /** Receives the stdout text alone, for a caller that reads what the command prints there. */
  onStdout?(text: string): void;
}

/** Starts `command` through the shell; `done` settles once it has ended, never rejects. */
export function runCommand(command: string, { cwd, env, timeoutMs, onOutput, onStdout }: RunOptions): RunningCommand {
  const child = spawn(command, { cwd, env, shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let timedOut = false;
  let cancelled = false;
  let forceTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    signalGroup(child.pid, "SIGTERM");
    forceTimer = setTimeout(() => signalGroup(child.pid, "SIGKILL"), KILL_GRACE_MS);
    forceTimer.unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  timer.unref();
  // Decoded as a stream, so a character split between two chunks arrives whole.
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    onStdout?.(text);
    onOutput(text);
  });
  child.stderr.on("data", (text: string) => onOutput(text));
  const done = new Promise<CommandResult>((resolve) => {
    child.on("error", (error) => {
      onOutput(`${error.message}\n`);
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, cancelled });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(forceTimer);
      // Workers that outlived the shell must not go on writing into the workspace.
      signalGroup(child.pid, "SIGKILL");
      resolve({ code, signal, timedOut, cancelled });
    });
  });
  return {
    pid: child.pid,
    done,
    cancel: () => {
      cancelled = true;
      stop();
    },
  };
}
