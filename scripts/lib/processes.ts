// One home for the process helpers that the scripts, the rebuild service and the tests share:
// a free loopback port, and stopping a process together with everything it started.
import net from "node:net";

/** A free TCP port on 127.0.0.1, as the kernel hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

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
