/**
 * Sends `signal` to the process group led by `pid` (a child spawned with `detached: true`), so
 * workers it started (Java behind the emulator's wrapper, Gatsby's workers behind a shell) stop
 * with it. A group that is already gone is not an error.
 */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals = "SIGTERM"): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group has already exited
  }
}
