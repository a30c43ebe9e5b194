// The service's HTTP surface on node:http: POST /rebuild and /rollback (authenticated, rate
// limited, JSON only), GET /status and /healthz.
import { authenticate } from "./auth.mjs";

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const POST_ROUTES = new Set(["/rebuild", "/rollback"]);
const GET_ROUTES = new Set(["/status", "/healthz"]);

function send(response, status, body, headers = {}) {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  response.end(status === 204 ? undefined : JSON.stringify(body));
}

/** Reads the body up to `limit` bytes; resolves null when it is larger (the rest is drained). */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      // Draining lets the client finish sending and read the 413; a flood is cut off.
      else if (size > limit * 16) request.destroy();
    });
    request.on("end", () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

const clientKey = (request, trustProxy) => {
  const forwarded = trustProxy ? String(request.headers["x-forwarded-for"] ?? "").split(",")[0]?.trim() : "";
  return forwarded || request.socket.remoteAddress || "unknown";
};

/** Creates the request handler of the service. */
export function createHandler({ config, builder, limiter, log = console.log }) {
  const post = async (request, response, route) => {
    const limit = limiter.take(clientKey(request, config.trustProxy));
    if (!limit.allowed) {
      request.resume();
      return send(response, 429, { error: "Too many requests; try again later." }, { "retry-after": String(limit.retryAfterSeconds) });
    }
    if (!JSON_TYPE.test(String(request.headers["content-type"] ?? ""))) {
      request.resume();
      return send(response, 415, { error: "The body must be JSON (Content-Type: application/json)." });
    }
    const tooLarge = () => send(response, 413, { error: `The body must be at most ${config.maxBodyBytes} bytes.` }, { connection: "close" });
    if (Number(request.headers["content-length"] ?? 0) > config.maxBodyBytes) {
      request.resume();
      return tooLarge();
    }
    const body = await readBody(request, config.maxBodyBytes);
    if (body === null) return tooLarge();
    const method = authenticate(request.headers, body, config.secret);
    if (!method) {
      log(`Refused ${route} from ${clientKey(request, config.trustProxy)}: no valid signature or token`);
      return send(response, 401, { error: "A valid X-Signature-256 or bearer token is required." }, { "www-authenticate": 'Bearer realm="rebuild"' });
    }
    let payload;
    try {
      payload = JSON.parse(body.toString("utf8") || "{}");
    } catch {
      return send(response, 400, { error: "The body is not valid JSON." });
    }
    if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
      return send(response, 400, { error: "The body must be a JSON object." });
    }
    if (route === "/rebuild") {
      const reason = typeof payload.reason === "string" && payload.reason.trim() ? payload.reason.trim().slice(0, 120) : method;
      const { build, coalesced } = builder.trigger({ reason });
      return send(response, 202, { buildId: build.id, state: build.state, coalesced, status: "/status" }, { location: "/status" });
    }
    if (payload.buildId !== undefined && typeof payload.buildId !== "string") {
      return send(response, 400, { error: "buildId must be a string." });
    }
    try {
      return send(response, 200, await builder.rollback(payload.buildId));
    } catch (error) {
      return send(response, error.statusCode ?? 500, { error: error.message });
    }
  };

  return (request, response) => {
    const route = new URL(request.url ?? "/", "http://service").pathname;
    if (POST_ROUTES.has(route)) {
      if (request.method !== "POST") {
        request.resume();
        return send(response, 405, { error: `${route} accepts POST only.` }, { allow: "POST" });
      }
      return post(request, response, route).catch((error) => {
        log(`Error on ${route}: ${error.stack ?? error}`);
        if (!response.headersSent) send(response, 500, { error: "Internal error." });
      });
    }
    if (GET_ROUTES.has(route)) {
      request.resume();
      if (request.method !== "GET" && request.method !== "HEAD") return send(response, 405, { error: `${route} accepts GET only.` }, { allow: "GET, HEAD" });
      return send(response, 200, route === "/healthz" ? { ok: true } : builder.status());
    }
    request.resume();
    return send(response, 404, { error: "Not found." });
  };
}
