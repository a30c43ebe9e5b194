// The service's HTTP surface on node:http: POST /rebuild, /rollback and /takedown (authenticated,
// rate limited, JSON only), GET /status (the secret, or an editor's ID token) and /healthz (open).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { authenticate, bearerToken, hasBearerSecret } from "./auth.ts";
import { checkEditor, type VerifyIdToken } from "./editor-token.ts";
import { clientAddress } from "./client-address.ts";
import type { ReplayGuard } from "./replay.ts";
import { HttpError, type Builder, type Log } from "./build-queue.ts";
import { documentIds, MAX_DOCUMENTS_PER_REQUEST } from "./documents.ts";
import type { ServiceConfig } from "./config.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { isArticleSlug } from "./takedown.ts";

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const POST_ROUTES = new Set(["/rebuild", "/rollback", "/takedown"]);
/** The most articles one take-down names. */
export const MAX_TAKEDOWN_ARTICLES = 20;
const GET_ROUTES = new Set(["/status", "/healthz"]);
const BEARER_CHALLENGE = { "www-authenticate": 'Bearer realm="rebuild"' };
const STATUS_CREDENTIALS =
  "GET /status needs Authorization: Bearer with REBUILD_SECRET (the full status) " +
  "or with the Firebase ID token of an editor (custom claim editor: true; the public status).";

function send(response: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  response.end(status === 204 ? undefined : JSON.stringify(body));
}

/** Reads the body up to `limit` bytes; resolves null when it is larger (the rest is drained). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      // Draining lets the client finish sending and read the 413; a flood is cut off.
      else if (size > limit * 16) request.destroy();
    });
    request.on("end", () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export interface RateLimits {
  /** Requests that failed authentication, one bucket per client address. */
  refused: RateLimiter;
  /** Authenticated requests, one shared bucket: refusals never spend these tokens. */
  authenticated: RateLimiter;
}

export interface HandlerOptions {
  config: ServiceConfig;
  builder: Builder;
  limits: RateLimits;
  replay: ReplayGuard;
  /** Verifies editors' ID tokens for GET /status (editor-token.ts); null: only the secret is accepted. */
  verifyIdToken?: VerifyIdToken | null;
  log?: Log;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The articles a take-down names, or null when the list is not one (takedown.ts checks each slug). */
function takedownArticles(value: unknown): { id: string; slug: string }[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TAKEDOWN_ARTICLES) return null;
  const articles = value.map((entry: unknown) => {
    const { id, slug } = (typeof entry === "object" && entry !== null ? entry : {}) as { id?: unknown; slug?: unknown };
    const ids = documentIds([id]);
    return ids?.length === 1 && isArticleSlug(slug) ? { id: ids[0]!, slug } : null;
  });
  return articles.every((article) => article !== null) ? articles : null;
}

/** Creates the service's request handler. */
export function createHandler({
  config,
  builder,
  limits,
  replay,
  verifyIdToken = null,
  log = console.log,
}: HandlerOptions): Handler {
  const tooMany = (response: ServerResponse, retryAfterSeconds: number): void =>
    send(response, 429, { error: "Too many requests; try again later." }, { "retry-after": String(retryAfterSeconds) });

  // Answers a request refused before it proved it knows the secret, charged to its address: once
  // the address has used its tokens, the answer is 429 whatever the request was.
  const refuse = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: unknown,
    headers?: OutgoingHttpHeaders,
  ): void => {
    const limit = limits.refused.take(
      clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], config.trustProxy),
    );
    if (!limit.allowed) return tooMany(response, limit.retryAfterSeconds);
    return send(response, status, body, headers);
  };

  const post = async (request: IncomingMessage, response: ServerResponse, route: string): Promise<void> => {
    const client = clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], config.trustProxy);
    if (!JSON_TYPE.test(String(request.headers["content-type"] ?? ""))) {
      request.resume();
      return refuse(request, response, 415, { error: "The body must be JSON (Content-Type: application/json)." });
    }
    const tooLarge = (): void =>
      refuse(
        request,
        response,
        413,
        { error: `The body must be at most ${config.maxBodyBytes} bytes.` },
        { connection: "close" },
      );
    if (Number(request.headers["content-length"] ?? 0) > config.maxBodyBytes) {
      request.resume();
      return tooLarge();
    }
    // Authentication comes before any rate limit, so that a flood of forged requests from an
    // address (or a proxy it shares) cannot use up what the genuine triggers need.
    const body = await readBody(request, config.maxBodyBytes);
    if (body === null) return tooLarge();
    const auth = authenticate(request.headers, body, config.secret, replay);
    if ("refused" in auth) {
      log(`Refused ${route} from ${client}: ${auth.refused}`);
      const error = `Refused: ${auth.refused}. Sign the request (X-Rebuild-Timestamp, X-Rebuild-Id, X-Signature-256) or send the bearer token.`;
      return refuse(request, response, 401, { error }, BEARER_CHALLENGE);
    }
    const { method } = auth;
    const limit = limits.authenticated.take("authenticated");
    if (!limit.allowed) return tooMany(response, limit.retryAfterSeconds);
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString("utf8") || "{}");
    } catch {
      return send(response, 400, { error: "The body is not valid JSON." });
    }
    if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
      return send(response, 400, { error: "The body must be a JSON object." });
    }
    const fields = payload as Record<string, unknown>;
    try {
      if (route === "/takedown") {
        const articles = takedownArticles(fields.articles);
        if (articles === null) {
          return send(response, 400, {
            error: `articles must be a list of 1 to ${MAX_TAKEDOWN_ARTICLES} { id, slug }: a document id and the slug it was published at.`,
          });
        }
        const reason =
          typeof fields.reason === "string" && fields.reason.trim() ? fields.reason.trim().slice(0, 120) : "takedown";
        return send(response, 200, await builder.takeDown(articles, reason));
      }
      if (route === "/rebuild") {
        const reason =
          typeof fields.reason === "string" && fields.reason.trim() ? fields.reason.trim().slice(0, 120) : method;
        if (fields.allowShrink !== undefined && typeof fields.allowShrink !== "boolean") {
          return send(response, 400, { error: "allowShrink must be true or false." });
        }
        const documents = documentIds(fields.documents);
        if (documents === null) {
          return send(response, 400, {
            error: `documents must be a list of at most ${MAX_DOCUMENTS_PER_REQUEST} document ids, each without a slash or a comma.`,
          });
        }
        const { build, coalesced } = builder.trigger({ reason, allowShrink: fields.allowShrink === true, documents });
        return send(
          response,
          202,
          { buildId: build.id, state: build.state, coalesced, status: "/status" },
          { location: "/status" },
        );
      }
      if (fields.buildId !== undefined && typeof fields.buildId !== "string") {
        return send(response, 400, { error: "buildId must be a string." });
      }
      return send(response, 200, await builder.rollback(fields.buildId));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return send(response, error.statusCode, { error: error.message });
    }
  };

  // The full status to the secret's holder, the public one to an editor; nothing to anyone else.
  const status = async (request: IncomingMessage, response: ServerResponse, route: string): Promise<void> => {
    const client = clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], config.trustProxy);
    const refuseStatus = (why: string, code: 401 | 403): void => {
      log(`Refused ${route} from ${client}: ${why}`);
      return refuse(
        request,
        response,
        code,
        { error: `Refused: ${why}. ${STATUS_CREDENTIALS}` },
        code === 401 ? BEARER_CHALLENGE : {},
      );
    };
    if (request.headers.authorization === undefined) return refuseStatus("no credentials", 401);
    const token = bearerToken(request.headers);
    if (token === null) return refuseStatus("the Authorization header is not a bearer token", 401);
    if (hasBearerSecret(request.headers, config.secret)) return send(response, 200, builder.status({ full: true }));
    const check = await checkEditor(verifyIdToken, token);
    if ("editor" in check) return send(response, 200, builder.status());
    if ("unavailable" in check) {
      log(`Cannot answer ${route} from ${client}: ${check.unavailable}`);
      return send(response, 503, { error: "The ID token cannot be verified now; try again." }, { "retry-after": "5" });
    }
    return refuseStatus(check.refused, check.status);
  };

  return (request, response) => {
    const route = new URL(request.url ?? "/", "http://service").pathname;
    if (POST_ROUTES.has(route)) {
      if (request.method !== "POST") {
        request.resume();
        return send(response, 405, { error: `${route} accepts POST only.` }, { allow: "POST" });
      }
      post(request, response, route).catch((error: unknown) => {
        log(`Error on ${route}: ${(error as Error | undefined)?.stack ?? String(error)}`);
        if (!response.headersSent) send(response, 500, { error: "Internal error." });
      });
      return;
    }
    if (GET_ROUTES.has(route)) {
      request.resume();
      if (request.method !== "GET" && request.method !== "HEAD")
        return send(response, 405, { error: `${route} accepts GET only.` }, { allow: "GET, HEAD" });
      if (route === "/healthz") return send(response, 200, { ok: true });
      status(request, response, route).catch((error: unknown) => {
        log(`Error on ${route}: ${(error as Error | undefined)?.stack ?? String(error)}`);
        if (!response.headersSent) send(response, 500, { error: "Internal error." });
      });
      return;
    }
    request.resume();
    return send(response, 404, { error: "Not found." });
  };
}
