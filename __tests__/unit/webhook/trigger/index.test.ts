/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import functionsTest from "firebase-functions-test";
import { requestRebuild } from "../../../../webhook/trigger/src/index.ts";
import { createDebouncer } from "../../../../webhook/trigger/src/debounce.ts";
import { sign, signedContent, signRequest, verify, verifyRequest } from "@kindred/publishing";

// The module object the function calls into (a namespace import would be a copy), so spies reach it.
const logger = jest.requireActual<typeof import("firebase-functions/logger")>("firebase-functions/logger");

const SECRET = "test-rebuild-secret";
// Wide enough that ten writes 5 ms apart stay inside one window on a busy machine.
const WINDOW_MS = 200;

// The function reads its params (plain environment variables) when an event arrives, not when it
// is loaded, so setting them here, and REBUILD_URL once the server has a port, is in time.
process.env.REBUILD_SECRET = SECRET;
process.env.REBUILD_DEBOUNCE_MS = String(WINDOW_MS);
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

const testEnv = functionsTest(); // offline mode: no project, no credentials
const wrapped = testEnv.wrap(requestRebuild);

const requests: Recorded[] = [];
/** The answers the stand-in webhook gives, in order; 202 once they are used up. */
let nextStatus: (number | { status: number; headers: Record<string, string> })[] = [];
let server: http.Server;

/** Writes blogMetaData/<id> from `before` to `after` (null: the document does not exist). */
function write(id: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const path = `blogMetaData/${id}`;
  const snapshot = (data: Record<string, unknown> | null) => testEnv.firestore.makeDocumentSnapshot(data ?? {}, path);
  return wrapped({ data: testEnv.makeChange(snapshot(before), snapshot(after)), params: { id } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  testEnv.cleanup();
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

describe("requestRebuild (Firestore trigger on blogMetaData/{id})", () => {
  it("sends one signed request naming the document when a published article is created", async () => {
    await write("first-date-tips", null, { published: true, title: "First date tips" });

    expect(requests).toHaveLength(1);
    const [request] = requests as [Recorded];
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(verifyRequest(request.headers, request.raw, SECRET)).toMatchObject({ ok: true });
    const timestamp = Number(request.headers["x-rebuild-timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(request.headers["x-rebuild-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.body).toEqual({
      reason: "firestore",
      documents: ["first-date-tips"],
      requestedAt: expect.any(String),
    });
    expect(new Date(request.body.requestedAt).toISOString()).toBe(request.body.requestedAt);
    expect(logger.info).toHaveBeenCalledWith("Rebuild requested", expect.objectContaining({ status: 202 }));
  });

  it("sends nothing, and says why at debug level, when the article is a draft before and after", async () => {
    const drafts = [
      write("draft", { published: false, title: "Draft" }, { published: false, title: "Draft, edited" }),
      // A new unpublished document and the deletion of a draft change nothing visitors see either.
      write("new-draft", null, { title: "No published field" }),
      write("deleted-draft", { published: false }, null),
    ];
    // A visible change in the same window: had a draft joined the batch, it would be listed here.
    await Promise.all([...drafts, write("visible", null, { published: true })]);

    expect(requests.map((request) => request.body.documents)).toEqual([["visible"]]);
    expect(logger.debug).toHaveBeenCalledTimes(3);
    expect(logger.debug).toHaveBeenCalledWith(expect.stringContaining("unpublished"), { document: "draft" });
  });

  it("does not count a truthy but non-boolean published field as published", async () => {
    await Promise.all([write("stringly", null, { published: "true" }), write("boolean", null, { published: true })]);
    expect(requests.map((request) => request.body.documents)).toEqual([["boolean"]]);
  });

  it("requests a rebuild when an article is unpublished, so it leaves the site", async () => {
    await write("withdrawn", { published: true }, { published: false });
    expect(requests.map((r) => r.body.documents)).toEqual([["withdrawn"]]);
  });

  it("requests a rebuild when a published article is deleted", async () => {
    await write("gone", { published: true }, null);
    expect(requests.map((r) => r.body.documents)).toEqual([["gone"]]);
  });

  it("joins 10 writes within the window into exactly one request listing every id", async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `burst-${i}`);
    const writes: Promise<unknown>[] = [];
    // 5 ms apart, so only the window (not same-tick timing) can join them.
    for (const id of ids) {
      writes.push(write(id, { published: true }, { published: true, title: id }));
      await sleep(5);
    }
    await Promise.all(writes);

    expect(requests).toHaveLength(1);
    expect([...requests[0]!.body.documents].sort()).toEqual([...ids].sort());
    expect(verifyRequest(requests[0]!.headers, requests[0]!.raw, SECRET)).toMatchObject({ ok: true });
  });

  it("lists a document written twice in one batch once", async () => {
    await Promise.all([
      write("twice", null, { published: true }),
      write("twice", { published: true }, { published: true }),
    ]);
    expect(requests.map((r) => r.body.documents)).toEqual([["twice"]]);
  });

  it("tries again after a 5xx, waiting longer each time, until the webhook accepts", async () => {
    nextStatus = [500, 502, 503, 202];
    await expect(write("flaky", null, { published: true })).resolves.toBeUndefined();
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
    await expect(write("busy", null, { published: true })).resolves.toBeUndefined();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("gives up after 5 attempts, rejecting every event of the batch and logging an error", async () => {
    nextStatus = Array(5).fill(503);
    const results = await Promise.allSettled([
      write("a", null, { published: true }),
      write("b", null, { published: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(requests).toHaveLength(5);
    expect(logger.error).toHaveBeenCalledWith(
      "Rebuild webhook answered 503; giving up after 5 attempts",
      expect.objectContaining({ status: 503, documents: ["a", "b"] }),
    );
  });

  it("does not try again after an answer that will not change, such as 401", async () => {
    nextStatus = [401];
    await expect(write("refused", null, { published: true })).rejects.toThrow("Rebuild webhook answered 401");
    expect(requests).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith("Rebuild webhook answered 401", expect.objectContaining({ status: 401 }));
  });

  it("gives up rather than wait past its time when Retry-After asks for too long", async () => {
    nextStatus = [{ status: 503, headers: { "Retry-After": "3600" } }];
    await expect(write("later", null, { published: true })).rejects.toThrow("Rebuild webhook answered 503");
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
      await expect(write("offline", null, { published: true })).rejects.toThrow();
      expect(logger.error).toHaveBeenCalledWith(
        expect.stringContaining("failed to reach"),
        expect.objectContaining({ documents: ["offline"] }),
      );
    } finally {
      process.env.REBUILD_URL = url;
    }
  });
});

describe("createDebouncer", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("runs once, after the window has been quiet, with every id added", async () => {
    const run = jest.fn((ids: string[]) => ids.length);
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, run });
    const first = add("a");
    jest.advanceTimersByTime(40);
    const second = add("b");
    jest.advanceTimersByTime(40); // 80 ms after the first add, 40 after the last: still waiting
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(["a", "b"]);
    await expect(Promise.all([first, second])).resolves.toEqual([2, 2]);
  });

  it("fires at maxWait under a steady stream that never leaves the window quiet", () => {
    const run = jest.fn();
    const { add } = createDebouncer({ waitMs: 50, maxWaitMs: 200, run });
    // An add every 30 ms never lets the 50 ms window close.
    for (let t = 0; t < 200; t += 30) {
      void add(`at-${t}`);
      jest.advanceTimersByTime(30);
    }
    // 210 ms in: the batch started at 0 was sent at 200 with the adds made by then.
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(["at-0", "at-30", "at-60", "at-90", "at-120", "at-150", "at-180"]);
  });

  it("starts a new batch for adds made after a batch has run", async () => {
    const run = jest.fn(async (ids: string[]) => ids.join());
    const { add } = createDebouncer({ waitMs: 50, run });
    const first = add("a");
    jest.advanceTimersByTime(50);
    const second = add("b");
    jest.advanceTimersByTime(50);
    expect(run.mock.calls).toEqual([[["a"]], [["b"]]]);
    await expect(first).resolves.toBe("a");
    await expect(second).resolves.toBe("b");
  });

  it("rejects every caller of a batch whose run throws", async () => {
    const { add } = createDebouncer<never>({
      waitMs: 10,
      run: () => {
        throw new Error("boom");
      },
    });
    const calls = [add("a"), add("b")];
    jest.advanceTimersByTime(10);
    await expect(calls[0]).rejects.toThrow("boom");
    await expect(calls[1]).rejects.toThrow("boom");
  });
});

describe("signRequest / verifyRequest", () => {
  const body = '{"reason":"firestore"}';
  const now = 1_767_225_600_000;
  const id = "6f1c2e0a-5a53-4c57-9a44-2f7e1b0c9d21";
  const headers = signRequest(body, SECRET, { now, id });

  it("signs `${timestamp}.${id}.${body}`, as openssl computes it by hand", () => {
    // printf '%s' '1767225600.6f1c2e0a-….{"reason":"firestore"}' | openssl dgst -sha256 -hmac Jefe
    expect(signRequest(body, "Jefe", { now, id })).toEqual({
      "x-rebuild-timestamp": "1767225600",
      "x-rebuild-id": id,
      "x-signature-256": "sha256=4ae5cdd12dfa4e5d9585e5a7c1b1d72b55b3458a407bc0e6064d0cadf5d704b7",
    });
    expect(signedContent("1767225600", id, Buffer.from(body)).toString()).toBe(`1767225600.${id}.${body}`);
  });

  it("accepts the request within five minutes of its timestamp, either way", () => {
    expect(verifyRequest(headers, body, SECRET, { now })).toEqual({ ok: true, id, timestamp: 1767225600 });
    expect(verifyRequest(headers, Buffer.from(body), SECRET, { now: now + 300_000 })).toMatchObject({ ok: true });
    expect(verifyRequest(headers, body, SECRET, { now: now - 300_000 })).toMatchObject({ ok: true });
  });

  it.each([
    [
      "an old timestamp",
      headers,
      body,
      now + 301_000,
      "the timestamp is 301 s away from the service's clock (at most 300 s are allowed)",
    ],
    ["a future timestamp", headers, body, now - 301_000, "the timestamp is 301 s away"],
    [
      "a changed timestamp",
      { ...headers, "x-rebuild-timestamp": "1767225601" },
      body,
      now,
      "the signature does not match",
    ],
    ["a changed id", { ...headers, "x-rebuild-id": id.replace("6f", "7f") }, body, now, "the signature does not match"],
    ["a changed body", headers, body.replace("firestore", "forged"), now, "the signature does not match"],
    ["another secret", signRequest(body, "another-secret", { now, id }), body, now, "the signature does not match"],
    [
      "no timestamp",
      { ...headers, "x-rebuild-timestamp": undefined },
      body,
      now,
      "X-Signature-256 needs X-Rebuild-Timestamp",
    ],
    [
      "a timestamp in ms",
      { ...headers, "x-rebuild-timestamp": "1767225600000.5" },
      body,
      now,
      "X-Signature-256 needs X-Rebuild-Timestamp",
    ],
    ["a short id", { ...headers, "x-rebuild-id": "abc" }, body, now, "X-Signature-256 needs"],
    ["an id with spaces", { ...headers, "x-rebuild-id": "a b c d e f g h i j" }, body, now, "X-Signature-256 needs"],
    ["no signature", { ...headers, "x-signature-256": undefined }, body, now, "no X-Signature-256"],
    [
      "a signature of the body alone",
      { ...headers, "x-signature-256": sign(body, SECRET) },
      body,
      now,
      "the signature does not match",
    ],
  ])("refuses %s", (_case, tested, testedBody, at, reason) => {
    const verdict = verifyRequest(tested, testedBody, SECRET, { now: at });
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toContain(reason);
  });
});

describe("sign / verify", () => {
  const body = JSON.stringify({ reason: "firestore", documents: ["a"], requestedAt: "2025-01-01T00:00:00.000Z" });
  const signature = sign(body, SECRET);

  it("signs as sha256= and 64 hex digits", () => {
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    // A known HMAC-SHA256 vector (RFC 4231 test case 2) pins the algorithm and encoding.
    expect(sign("what do ya want for nothing?", "Jefe")).toBe(
      "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("accepts the right signature, for a string or the same bytes", () => {
    expect(verify(body, signature, SECRET)).toBe(true);
    expect(verify(Buffer.from(body), signature, SECRET)).toBe(true);
  });

  it.each([
    ["a wrong secret", body, sign(body, "another-secret")],
    ["a tampered body", body.replace('"a"', '"b"'), signature],
    ["a missing prefix", body, signature.slice("sha256=".length)],
    ["another prefix", body, signature.replace("sha256=", "sha1=")],
    ["a digest one byte short", body, signature.slice(0, -2)],
    ["a digest one byte long", body, `${signature}00`],
    ["non-hex digits of the right length", body, `sha256=${"z".repeat(64)}`],
    ["an empty header", body, ""],
    ["the bare prefix", body, "sha256="],
    ["an undefined header", body, undefined],
    ["a null header", body, null],
  ])("rejects %s", (_case, tested, header) => {
    expect(verify(tested, header, SECRET)).toBe(false);
  });

  it("rejects everything when the secret is empty, even a signature made with it", () => {
    expect(verify(body, sign(body, ""), "")).toBe(false);
  });

  it("returns false rather than throwing for a body it cannot hash", () => {
    expect(verify(undefined as unknown as string, signature, SECRET)).toBe(false);
  });
});
