// The process helpers that the scripts and the tests share (signalGroup from the rebuild service):
// a free loopback port, and stopping a process together with everything it started.
import { readFileSync } from "node:fs";
import net from "node:net";

/**
 * Where freePort looks: below the kernel's ephemeral range. A port the kernel hands out for
 * listen(0) comes from that same range as the source ports of outgoing connections, so between
 * closing the probe and the real server binding it, any process's connect() could take it
 * (seen in CI: `npm run emulators` failed with EADDRINUSE on a port freePort had just returned).
 * Ports below the range are never chosen by the kernel on its own. The floor sits above 10080, the
 * highest port that browsers refuse to load pages from.
 */
function listenRange(): { low: number; high: number } {
  let ephemeralLow = 32768;
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    if (Number(low) > 12000) ephemeralLow = Number(low);
  } catch {
    // Not Linux: keep the default range's lower bound.
  }
  return { low: 10100, high: ephemeralLow - 1 };
}

const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1, picked at random below the kernel's ephemeral range and checked by
 * binding it. One process never gets the same port twice, so ports asked for together differ.
 */
export async function freePort(): Promise<number> {
  const { low, high } = listenRange();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  throw new Error(`freePort: no free port between ${low} and ${high} after 200 tries`);
}

// The rebuild service owns signalGroup (it must not import scripts/); the scripts share it.
export { signalGroup } from "../../webhook/lib/process-group.ts";
