/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import functionsTest from "firebase-functions-test";
import { verifyRequest } from "@kindred/publishing";
import { requestRebuild } from "../../../../../webhook/trigger/src/index.ts";

// The module object the function calls into (a namespace import would be a copy), so spies reach it.
const logger = jest.requireActual<typeof import("firebase-functions/logger")>("firebase-functions/logger");

const SECRET = "test-rebuild-secret";
// Wide enough that ten writes 5 ms apart stay inside one window on a busy machine.
const WINDOW_MS = 200;
// The debouncer outlives a test. Each test waits this long first, so that it starts on an idle
// instance (no request in the last window) and its first write is sent at once.
const IDLE_MS = WINDOW_MS + 50;

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

beforeEach(async () => {
  await sleep(IDLE_MS);
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
    // A visible change in the same window: had a draft asked too, a request would name it.
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

  it("sends the first of 10 writes at once and joins the other 9 into one request listing each id once", async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `burst-${i}`);
    const writes: Promise<unknown>[] = [];
    // 5 ms apart, so only the window (not same-tick timing) can join them.
    for (const id of ids) {
      writes.push(write(id, { published: true }, { published: true, title: id }));
      await sleep(5);
    }
    await Promise.all(writes);

    expect(requests.map((request) => request.body.documents)).toEqual([["burst-0"], ids.slice(1)]);
    for (const request of requests)
      expect(verifyRequest(request.headers, request.raw, SECRET)).toMatchObject({ ok: true });
  });

  it("lists a document written twice in one batch once", async () => {
    // The first write goes at once; the two after it join one batch.
    await Promise.all([
      write("first", null, { published: true }),
      write("twice", null, { published: true }),
      write("twice", { published: true }, { published: true }),
    ]);
    expect(requests.map((r) => r.body.documents)).toEqual([["first"], ["twice"]]);
  });

  it("asks for no rebuild for a save of a live article that changes only editorial fields", async () => {
    const live = { published: true, title: "Live", slug: "live", version: 3, publishedVersion: 3 };
    // As saveArticle writes it: who saved is in articleHistory, never on the document visitors read.
    const saved = { ...live, version: 4, changedBy: { action: "saved" } };
    // A visible change in the same window: had the save asked too, a request would name it.
    await Promise.all([write("live", live, saved), write("visible", null, { published: true })]);
    expect(requests.map((r) => r.body.documents)).toEqual([["visible"]]);
    expect(logger.debug).toHaveBeenCalledWith(expect.stringContaining("editorial"), { document: "live" });
  });

  it("asks again for a change visitors see made with editorial fields, and for an unpublish", async () => {
    await Promise.all([
      write("retitled", { published: true, title: "A", version: 1 }, { published: true, title: "B", version: 2 }),
      write(
        "taken-down",
        { published: true, title: "A" },
        { published: false, title: "A", changedBy: { action: "unpublished" } },
      ),
    ]);
    // The first at once, the second after the window.
    expect(requests.map((r) => r.body.documents)).toEqual([["retitled"], ["taken-down"]]);
  });

  it("asks for no rebuild for a flip the scheduling job made: the job asks for its own", async () => {
    const mark = { job: "schedule", at: new Date("2026-11-27T10:00:00Z") };
    const scheduled = { published: false, title: "Flip", changedBy: { action: "scheduled" } };
    // A visible change in the same window: had the flip asked too, a request would name it.
    await Promise.all([
      write("flip", scheduled, { ...scheduled, published: true, changedBy: mark }),
      write("visible", null, { published: true }),
    ]);
    expect(requests.map((r) => r.body.documents)).toEqual([["visible"]]);
  });

  it("asks for a rebuild for a later write by anyone else, even one that leaves the job's mark in place", async () => {
    const mark = { job: "schedule", at: new Date("2026-11-27T10:00:00Z") };
    await write(
      "after-flip",
      { published: true, title: "A", changedBy: mark },
      { published: true, title: "B", changedBy: mark },
    );
    expect(requests.map((r) => r.body.documents)).toEqual([["after-flip"]]);
  });

  it("gives up after 5 attempts, rejecting every event of the batch and logging an error", async () => {
    // The first write's request, sent at once, is accepted; the batch of the two after it is not.
    nextStatus = [202, ...Array(5).fill(503)];
    const results = await Promise.allSettled([
      write("first", null, { published: true }),
      write("a", null, { published: true }),
      write("b", null, { published: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(requests.map((r) => r.body.documents)).toEqual([["first"], ...Array(5).fill(["a", "b"])]);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(
      "Rebuild webhook answered 503; giving up after 5 attempts",
      expect.objectContaining({ status: 503, documents: ["a", "b"] }),
    );
  });
});
