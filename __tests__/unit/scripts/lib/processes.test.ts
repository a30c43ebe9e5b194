/** @jest-environment node */
import { readFileSync } from "node:fs";
import net from "node:net";
import { freePort } from "../../../../scripts/lib/processes.ts";

// freePort hands out ports the kernel would never pick by itself: a port from the ephemeral range
// can be taken as a connection's source port between the probe closing and the server binding it.

const ephemeralLow = (): number => {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    return 32768;
  }
};

const listen = (port: number): Promise<net.Server> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

describe("freePort", () => {
  it("picks bindable ports below the kernel's ephemeral range, never the same one twice", async () => {
    const ports: number[] = [];
    for (let index = 0; index < 30; index++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(ephemeralLow());
    }
    const servers = await Promise.all(ports.slice(0, 5).map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
