/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Builder } from "../../../../webhook/lib/build-queue.ts";
import { loadConfig } from "../../../../webhook/lib/config.ts";
import { HttpError } from "../../../../webhook/lib/errors.ts";
import { createHandler } from "../../../../webhook/lib/http.ts";
import { createRateLimiter } from "../../../../webhook/lib/rate-limit.ts";
import { ReplayGuard } from "../../../../webhook/lib/replay.ts";
import type { VerifyIdToken } from "../../../../webhook/lib/editor-token.ts";
import { signRequest } from "@kindred/publishing";

// http.ts imports HttpError through build-queue.ts, whose private methods Jest's Babel cannot compile:
// the module is replaced by what http.ts takes from it at run time, the very class errors.ts defines.
jest.mock("../../../../webhook/lib/build-queue.ts", () => ({
  HttpError: jest.requireActual("../../../../webhook/lib/errors.ts").HttpError,
}));

// The service's HTTP surface on a real node:http server, with a stand-in for the build queue: which
// answer each route gives, with which status and headers, what reaches the queue, and who is
// refused or slowed down.

const SECRET = "http-secret-0123456789abcdefghijklmnopq";
const LIMIT = 3;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

let server: http.Server;
let base: string;
let log: jest.Mock;
let builder: { trigger: jest.Mock; rollback: jest.Mock; status: jest.Mock };

/**
 * A stand-in for firebase-admin's verifyIdToken(token, true): "editor-token" is an editor's,
 * "reader-token" a signed-in user's without the claim, "down" finds the keys out of reach; any other
 * token is rejected as firebase-admin rejects a malformed one.
 */
const verifyIdToken: VerifyIdToken = async (token) => {
  if (token === "editor-token") return { uid: "ed", email: "ed@example.com", editor: true };
  if (token === "reader-token") return { uid: "rd", email: "reader@example.com" };
  const code = token === "down" ? "auth/internal-error" : "auth/argument-error";
  throw Object.assign(new Error(code), { code });
};

/** Serves the handler; `perMinute` is the size of each rate limit's bucket. */
async function start(
  env: Record<string, string> = {},
  perMinute = 60,
  verify: VerifyIdToken | null = verifyIdToken,
): Promise<void> {
  const config = loadConfig({ REBUILD_SECRET: SECRET, PUBLISH_DIR: "/srv/site", MAX_BODY_BYTES: "1024", ...env });
  log = jest.fn();
  builder = {
    trigger: jest.fn(() => ({
      build: { id: "b2", state: "building", reason: "x", triggers: 1, triggeredAt: "t" },
      coalesced: false,
    })),
    rollback: jest.fn(async () => ({ published: "b1", previous: "b2" })),
    status: jest.fn(({ full = false }: { full?: boolean } = {}) => ({ published: "b2", full })),
  };
  const limits = {
    refused: createRateLimiter({ perMinute }),
    authenticated: createRateLimiter({ perMinute }),
  };
  const handler = createHandler({
    config,
    builder: builder as unknown as Builder,
    limits,
    replay: new ReplayGuard(300),
    verifyIdToken: verify,
    log,
  });
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends a request; `body` as a string is sent with its length, as chunks without one. */
function send(
  method: string,
  route: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | string[] } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${route}`, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? JSON.parse(text) : null }),
      );
    });
    request.on("error", reject);
    if (Array.isArray(body)) for (const chunk of body) request.write(chunk);
    else if (body !== undefined) request.write(body);
    request.end();
  });
}

const JSON_TYPE = { "content-type": "application/json" };
const bearer = { authorization: `Bearer ${SECRET}` };

/** POSTs `body` as JSON, signed afresh. */
const signed = (route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return send("POST", route, {
    headers: { ...JSON_TYPE, ...(signRequest(text, SECRET) as Record<string, string>), ...headers },
    body: text,
  });
};

describe("POST /rebuild", () => {
  beforeEach(() => start());

  it("accepts a signed request with 202, the build's id and where to follow it", async () => {
    const answer = await signed("/rebuild", { reason: "  fixed a typo  ", documents: ["meta-1", "meta-2", "meta-1"] });
    expect(answer).toMatchObject({
      status: 202,
      body: { buildId: "b2", state: "building", coalesced: false, status: "/status" },
      headers: {
        location: "/status",
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
    expect(builder.trigger).toHaveBeenCalledWith({
      reason: "fixed a typo",
      allowShrink: false,
      documents: ["meta-1", "meta-2"],
    });
  });

  it("names the build after how the request was authenticated when it gives no reason, and cuts a long one", async () => {
    await signed("/rebuild", {});
    await send("POST", "/rebuild", { headers: { ...JSON_TYPE, ...bearer } });
    await signed("/rebuild", { reason: "x".repeat(200), allowShrink: true });
    expect(builder.trigger.mock.calls.map(([trigger]) => trigger)).toEqual([
      { reason: "signature", allowShrink: false, documents: [] },
      { reason: "bearer", allowShrink: false, documents: [] },
      { reason: "x".repeat(120), allowShrink: true, documents: [] },
    ]);
  });

  it("answers 400 to a body that is not a JSON object, or fields of the wrong kind, and builds nothing", async () => {
    const bodies: [string, RegExp][] = [
      ["{not json", /not valid JSON/],
      ['["an", "array"]', /must be a JSON object/],
      ["null", /must be a JSON object/],
      ['{"allowShrink": "yes"}', /allowShrink must be true or false/],
      ['{"documents": "meta-1"}', /documents must be a list/],
      ['{"documents": ["blog/meta-1"]}', /each without a slash or a comma/],
    ];
    for (const [body, error] of bodies) {
      const answer = await signed("/rebuild", body);
      expect([answer.status, answer.body?.error]).toEqual([400, expect.stringMatching(error)]);
    }
    expect(builder.trigger).not.toHaveBeenCalled();
  });

  it("answers 415 to a body that is not JSON, and takes a charset", async () => {
    const text = await send("POST", "/rebuild", { headers: { "content-type": "text/plain", ...bearer }, body: "{}" });
    expect([text.status, text.body?.error]).toEqual([415, "The body must be JSON (Content-Type: application/json)."]);
    const lookalike = await send("POST", "/rebuild", {
      headers: { "content-type": "application/jsonp", ...bearer },
      body: "{}",
    });
    expect(lookalike.status).toBe(415);
    const charset = await send("POST", "/rebuild", {
      headers: { "content-type": "Application/JSON; charset=utf-8", ...bearer },
      body: "{}",
    });
    expect(charset.status).toBe(202);
  });

  it("answers 413 to a body over MAX_BODY_BYTES, announced or streamed, and closes the connection", async () => {
    const big = JSON.stringify({ reason: "x".repeat(2000) });
    const announced = await signed("/rebuild", big);
    expect(announced).toMatchObject({
      status: 413,
      body: { error: "The body must be at most 1024 bytes." },
      headers: { connection: "close" },
    });
    const streamed = await send("POST", "/rebuild", {
      headers: { ...JSON_TYPE, ...bearer, "transfer-encoding": "chunked" },
      body: ['{"reason": "', "x".repeat(800), "x".repeat(800), '"}'],
    });
    expect(streamed.status).toBe(413);
    expect(builder.trigger).not.toHaveBeenCalled();
  });

  it("answers 401 without credentials, with a wrong token, or a replayed signature, saying how to authenticate", async () => {
    const none = await send("POST", "/rebuild", { headers: JSON_TYPE, body: "{}" });
    expect(none).toMatchObject({ status: 401, headers: { "www-authenticate": 'Bearer realm="rebuild"' } });
    expect(none.body?.error).toBe(
      "Refused: neither a signature nor a bearer token. Sign the request (X-Rebuild-Timestamp, X-Rebuild-Id, X-Signature-256) or send the bearer token.",
    );
    expect(log).toHaveBeenCalledWith("Refused /rebuild from 127.0.0.1: neither a signature nor a bearer token");
    const wrong = await send("POST", "/rebuild", {
      headers: { ...JSON_TYPE, authorization: `Bearer ${SECRET}x` },
      body: "{}",
    });
    expect(wrong.status).toBe(401);
    const headers = { ...JSON_TYPE, ...(signRequest("{}", SECRET) as Record<string, string>) };
    expect((await send("POST", "/rebuild", { headers, body: "{}" })).status).toBe(202);
    const replayed = await send("POST", "/rebuild", { headers, body: "{}" });
    expect([replayed.status, replayed.body?.error]).toEqual([401, expect.stringMatching(/has already been used/)]);
    expect(builder.trigger).toHaveBeenCalledTimes(1);
  });

  it("answers the queue's own refusal with its status, and anything unexpected with 500 and a log", async () => {
    builder.trigger.mockImplementationOnce(() => {
      throw new HttpError("The service is stopping.", 503);
    });
    expect(await signed("/rebuild", {})).toMatchObject({ status: 503, body: { error: "The service is stopping." } });
    builder.trigger.mockImplementationOnce(() => {
      throw new Error("ENOSPC: no space left on device, open '/srv/builds/queue.json.123.tmp'");
    });
    const answer = await signed("/rebuild", {});
    expect(answer).toMatchObject({ status: 500, body: { error: "Internal error." } });
    expect(JSON.stringify(answer.body)).not.toContain("/srv");
    // The stack, for whoever reads the service's log.
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Error on \/rebuild: Error: ENOSPC.*\n\s+at /));
  });
});

describe("rate limits", () => {
  it("answer 429 to an address after its refused requests have used its tokens, whatever it asks", async () => {
    await start({}, LIMIT);
    const forged = () => send("POST", "/rebuild", { headers: JSON_TYPE, body: "{}" });
    const statuses = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await forged()).status);
    statuses.push((await send("POST", "/rebuild", { headers: { "content-type": "text/plain" }, body: "{}" })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await forged();
    expect(limited).toMatchObject({ status: 429, body: { error: "Too many requests; try again later." } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The refusals have not spent what the genuine triggers need.
    expect((await signed("/rebuild", {})).status).toBe(202);
  });

  it("charge refused /status reads to the address like any refusal, never a genuine read", async () => {
    await start({}, LIMIT);
    const statuses = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await send("GET", "/status")).status);
    statuses.push((await send("GET", "/status", { headers: { authorization: "Bearer forged" } })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await send("GET", "/status", { headers: { authorization: "Bearer editor-token" } })).status).toBe(200);
    expect((await send("GET", "/status", { headers: bearer })).status).toBe(200);
    expect((await send("GET", "/healthz")).status).toBe(200);
  });

  it("give authenticated requests one shared bucket of their own", async () => {
    await start({}, LIMIT);
    const statuses = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await signed("/rebuild", {})).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(builder.trigger).toHaveBeenCalledTimes(LIMIT);
  });

  it("count a client behind TRUST_PROXY by the hop the proxy appended, not what the client wrote", async () => {
    await start({ TRUST_PROXY: "1" }, LIMIT);
    const forged = (forwardedFor: string) =>
      send("POST", "/rebuild", { headers: { ...JSON_TYPE, "x-forwarded-for": forwardedFor }, body: "{}" });
    const statuses = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await forged(`10.0.0.${i}, 203.0.113.9`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(log).toHaveBeenCalledWith("Refused /rebuild from 203.0.113.9: neither a signature nor a bearer token");
    expect((await forged("198.51.100.7")).status).toBe(401);
  });
});

describe("POST /rollback", () => {
  beforeEach(() => start());

  it("answers 200 with what was published and what was before, for the previous release or a named one", async () => {
    expect(await signed("/rollback", {})).toMatchObject({ status: 200, body: { published: "b1", previous: "b2" } });
    await signed("/rollback", { buildId: "b0" });
    expect(builder.rollback.mock.calls).toEqual([[undefined], ["b0"]]);
    expect(builder.trigger).not.toHaveBeenCalled();
  });

  it("answers the queue's refusals with their status, and 400 to a buildId that is not a string", async () => {
    builder.rollback.mockRejectedValueOnce(new HttpError("No kept release b9.", 404));
    expect(await signed("/rollback", { buildId: "b9" })).toMatchObject({
      status: 404,
      body: { error: "No kept release b9." },
    });
    builder.rollback.mockRejectedValueOnce(new HttpError("No earlier release to roll back to.", 409));
    expect((await signed("/rollback", {})).status).toBe(409);
    expect(await signed("/rollback", { buildId: 7 })).toMatchObject({
      status: 400,
      body: { error: "buildId must be a string." },
    });
    expect(builder.rollback).toHaveBeenCalledTimes(2);
  });

  it("is refused without credentials", async () => {
    expect((await send("POST", "/rollback", { headers: JSON_TYPE, body: "{}" })).status).toBe(401);
    expect(builder.rollback).not.toHaveBeenCalled();
  });
});

describe("GET routes and the rest", () => {
  beforeEach(() => start());

  it("answers /healthz with 200, to GET and HEAD", async () => {
    expect(await send("GET", "/healthz")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await send("HEAD", "/healthz")).toMatchObject({ status: 200, body: null });
  });

  it("answers /status only with credentials: the full status to the secret, the public one to an editor", async () => {
    expect(await send("GET", "/status", { headers: bearer })).toMatchObject({ status: 200, body: { full: true } });
    const editor = { authorization: "Bearer editor-token" };
    expect(await send("GET", "/status?refresh=1", { headers: editor })).toMatchObject({
      status: 200,
      body: { full: false },
    });
    expect(await send("HEAD", "/status", { headers: editor })).toMatchObject({ status: 200, body: null });
    expect(builder.status.mock.calls).toEqual([[{ full: true }], [], []]);
  });

  it("answers 401 to /status without credentials, saying which to send, and shows nothing", async () => {
    const none = await send("GET", "/status");
    expect(none).toMatchObject({ status: 401, headers: { "www-authenticate": 'Bearer realm="rebuild"' } });
    expect(none.body).toEqual({
      error:
        "Refused: no credentials. GET /status needs Authorization: Bearer with REBUILD_SECRET (the full status) " +
        "or with the Firebase ID token of an editor (custom claim editor: true; the public status).",
    });
    expect(log).toHaveBeenCalledWith("Refused /status from 127.0.0.1: no credentials");
    expect((await send("HEAD", "/status")).status).toBe(401);
    const basic = await send("GET", "/status", { headers: { authorization: "Basic ZWQ6cHc=" } });
    expect([basic.status, basic.body?.error]).toEqual([
      401,
      expect.stringMatching(/^Refused: the Authorization header is not a bearer token\. /),
    ]);
    expect(builder.status).not.toHaveBeenCalled();
  });

  it("answers 401 to a bearer token that is neither the secret nor an ID token, 403 to a user without the claim", async () => {
    const wrong = await send("GET", "/status", { headers: { authorization: `Bearer ${SECRET}x` } });
    expect(wrong).toMatchObject({ status: 401, headers: { "www-authenticate": 'Bearer realm="rebuild"' } });
    expect(wrong.body?.error).toMatch(
      /^Refused: the bearer token is neither the secret nor a valid ID token of this project\. GET \/status needs/,
    );
    expect(log).toHaveBeenCalledWith(
      "Refused /status from 127.0.0.1: the bearer token is neither the secret nor a valid ID token of this project",
    );
    const reader = await send("GET", "/status", { headers: { authorization: "Bearer reader-token" } });
    expect(reader.status).toBe(403);
    expect(reader.body?.error).toMatch(
      /^Refused: user reader@example\.com is not an editor \(no custom claim editor: true\)\./,
    );
    expect(builder.status).not.toHaveBeenCalled();
  });

  it("answers 503 when an ID token cannot be checked now, and logs why", async () => {
    const down = await send("GET", "/status", { headers: { authorization: "Bearer down" } });
    expect(down).toMatchObject({
      status: 503,
      headers: { "retry-after": "5" },
      body: { error: "The ID token cannot be verified now; try again." },
    });
    expect(log).toHaveBeenCalledWith(
      "Cannot answer /status from 127.0.0.1: cannot verify the ID token now (auth/internal-error)",
    );
  });

  it("refuses editors' tokens, saying why, when the service has no project to check them against", async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await start({}, 60, null);
    const editor = await send("GET", "/status", { headers: { authorization: "Bearer editor-token" } });
    expect([editor.status, editor.body?.error]).toEqual([401, expect.stringMatching(/no STATUS_PROJECT_ID/)]);
    expect((await send("GET", "/status", { headers: bearer })).status).toBe(200);
  });

  it("answers 405 naming the allowed methods to a route asked the wrong way", async () => {
    expect(await send("GET", "/rebuild")).toMatchObject({
      status: 405,
      headers: { allow: "POST" },
      body: { error: "/rebuild accepts POST only." },
    });
    expect(await send("PUT", "/rollback", { headers: bearer, body: "{}" })).toMatchObject({ status: 405 });
    expect(await send("POST", "/status", { headers: { ...JSON_TYPE, ...bearer }, body: "{}" })).toMatchObject({
      status: 405,
      headers: { allow: "GET, HEAD" },
      body: { error: "/status accepts GET only." },
    });
    expect(builder.trigger).not.toHaveBeenCalled();
  });

  it("answers 404 anywhere else", async () => {
    expect(await send("GET", "/")).toMatchObject({ status: 404, body: { error: "Not found." } });
    expect(await send("POST", "/rebuild/now", { headers: { ...JSON_TYPE, ...bearer }, body: "{}" })).toMatchObject({
      status: 404,
    });
    expect(builder.trigger).not.toHaveBeenCalled();
  });
});
