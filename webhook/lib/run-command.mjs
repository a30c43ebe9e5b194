// Runs a shell command in its own process group, so a timeout or a shutdown stops the command and
// every worker it started, not just the shell.
import { spawn } from "node:child_process";

const KILL_GRACE_MS = 10_000;

const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
};

/**
 * Starts `command`; returns { done, cancel }. `done` resolves with { code, signal, timedOut, cancelled };
 * `onOutput` receives stdout and stderr text as it arrives.
 */
export function runCommand(command, { cwd, env, timeoutMs, onOutput }) {
  const child = spawn(command, { cwd, env, shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let timedOut = false;
  let cancelled = false;
  let forceTimer;
  const stop = () => {
    killGroup(child, "SIGTERM");
    forceTimer = setTimeout(() => killGroup(child, "SIGKILL"), KILL_GRACE_MS);
    forceTimer.unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  timer.unref();
  child.stdout.on("data", (chunk) => onOutput(chunk.toString()));
  child.stderr.on("data", (chunk) => onOutput(chunk.toString()));
  const done = new Promise((resolve) => {
    child.on("error", (error) => {
      onOutput(`${error.message}\n`);
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, cancelled });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(forceTimer);
      // Workers that outlived the shell must not keep writing into the workspace.
      killGroup(child, "SIGKILL");
      resolve({ code, signal, timedOut, cancelled });
    });
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      stop();
    },
  };
}
