/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyRequest } from "@kindred/publishing";
import { postRebuild } from "../../../../../webhook/trigger/src/post-rebuild.ts";

// The signed rebuild request both functions send, against a stand-in webhook: its retries, waits and
// refusals. The Firestore trigger's batching in front of it is tested in index.test.ts, and the
// default timings in index-defaults.test.ts.

// The module object the function calls into (a namespace import would be a copy), so spies reach it.
const logger = jest.requireActual<typeof import("firebase-functions/logger")>("firebase-functions/logger");

const SECRET = "test-rebuild-secret";

// The request reads its params (plain environment variables) when it is sent, not when it is
// loaded, so setting them here, and REBUILD_URL once the server has a port, is in time.
process.env.REBUILD_SECRET = SECRET;
// The first wait between attempts; each later one doubles.
const RETRY_BASE_MS = 25;
process.env.REBUILD_RETRY_BASE_MS = String(RETRY_BASE_MS);

interface Recorded {
  at: number;
  headers: http.IncomingHttpHeaders;
  method: string | undefined;
  raw: Buffer;
  body: { reason: string; documents: string[]; requestedAt: string };
}

const requests: Recorded[] = [];
/** The answers the stand-in webhook gives, in order; 202 once they are used up. */
let nextStatus: (number | { status: number; headers: Record<string, string> })[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      requests.push({
        at: Date.now(),
        headers: req.headers,
        method: req.method,
        raw,
        body: JSON.parse(raw.toString("utf8")),
      });
      const next = nextStatus.shift() ?? 202;
      const { status, headers } = typeof next === "number" ? { status: next, headers: {} } : next;
      res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.REBUILD_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rebuild`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  nextStatus = [];
  // Silences the structured logs (they bypass Jest's console) and lets tests check them.
  for (const level of ["debug", "info", "warn", "error"] as const)
    jest.spyOn(logger, level).mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

describe("postRebuild (the signed request and its retries)", () => {
  it("tries again after a 5xx, waiting longer each time, until the webhook accepts", async () => {
    nextStatus = [500, 502, 503, 202];
    await expect(postRebuild(["flaky"])).resolves.toEqual({ status: 202, attempts: 4 });
    expect(requests).toHaveLength(4);
    const waits = requests.slice(1).map((request, i) => request.at - requests[i]!.at);
    // 25, 50 and 100 ms, each stretched by up to a quarter so that instances do not retry in step.
    expect(waits[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(waits[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2);
    expect(waits[2]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 4);
    expect(new Set(requests.map((request) => request.raw.toString())).size).toBe(1); // the same body each time
    // ...signed afresh each time, since the service accepts a request id only once.
    expect(new Set(requests.map((request) => request.headers["x-rebuild-id"])).size).toBe(4);
    expect(requests.every((request) => verifyRequest(request.headers, request.raw, SECRET).ok)).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Rebuild webhook answered 502; trying again in \d+ ms$/),
      expect.objectContaining({ attempt: 2 }),
    );
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledWith(
      "Rebuild requested",
      expect.objectContaining({ status: 202, attempts: 4 }),
    );
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    nextStatus = [{ status: 429, headers: { "Retry-After": "1" } }, 202];
    await expect(postRebuild(["busy"])).resolves.toEqual({ status: 202, attempts: 2 });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("does not try again after an answer that will not change, such as 401", async () => {
    nextStatus = [401];
    await expect(postRebuild(["refused"])).rejects.toThrow("Rebuild webhook answered 401");
    expect(requests).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith("Rebuild webhook answered 401", expect.objectContaining({ status: 401 }));
  });

  it("gives up rather than wait past its time when Retry-After asks for too long", async () => {
    nextStatus = [{ status: 503, headers: { "Retry-After": "3600" } }];
    await expect(postRebuild(["later"])).rejects.toThrow("Rebuild webhook answered 503");
    expect(requests).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining("asks to wait 3600 s"),
      expect.objectContaining({ status: 503 }),
    );
  });

  it("rejects and logs an error when the webhook cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = process.env.REBUILD_URL;
    process.env.REBUILD_URL = `http://127.0.0.1:${port}/rebuild`;
    try {
      await expect(postRebuild(["offline"])).rejects.toThrow();
      expect(logger.error).toHaveBeenCalledWith(
        expect.stringContaining("failed to reach"),
        expect.objectContaining({ documents: ["offline"] }),
      );
    } finally {
      process.env.REBUILD_URL = url;
    }
  });
});
