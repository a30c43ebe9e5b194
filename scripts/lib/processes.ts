// The process helpers that the scripts and the tests share (signalGroup from the rebuild service):
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

// The rebuild service owns signalGroup (it must not import scripts/); the scripts share it.
export { signalGroup } from "../../webhook/lib/process-group.ts";
