// The signed rebuild request both functions send: the Firestore trigger (index.ts) for the
// documents of a batch, and scheduled publishing (schedule/function.ts) for the articles it carried
// out. It asks the rebuild service (webhook/server.ts) with a signed POST and tries again, within
// bounds, while the service is busy or unreachable.
import { defineInt, defineSecret, defineString } from "firebase-functions/params";
// Named imports (not a namespace object) so a test spying on the logger module reaches these calls.
import { error as logError, info, warn } from "firebase-functions/logger";
import { signRequest } from "@kindred/publishing";

/** The shared secret; each function that sends the request names it among its `secrets`. */
export const rebuildSecret = defineSecret("REBUILD_SECRET");
const rebuildUrl = defineString("REBUILD_URL", { description: "URL the rebuild webhook listens on" });
const DEFAULT_RETRY_BASE_MS = 1000;
const retryBaseMs = defineInt("REBUILD_RETRY_BASE_MS", {
  default: DEFAULT_RETRY_BASE_MS,
  description: "First wait before asking the webhook again after a 429, a 5xx or no answer; each later wait doubles",
});
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 5;
// No single wait, and not all the waiting together, may be longer than this: with the debounce
// (at most 20 s) and five request timeouts it stays well inside the function's 300 s.
const MAX_WAIT_MS = 60_000;
const MAX_TOTAL_WAIT_MS = 150_000;

export interface RebuildResult {
  status: number;
  attempts: number;
  /** The build that carries the request, from the service's answer. */
  buildId?: string;
}

/** The wait a Retry-After header asks for (delay-seconds or an HTTP date), in ms, if it has one. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

// A 429 (the webhook's rate limit), a 5xx (it is stopping, or broken for a moment) or no answer at
// all may be over soon; any other refusal (401, 400, 413) will be the same next time.
const worthRetrying = (status: number): boolean => status === 429 || status >= 500;

/**
 * Sends the signed rebuild request naming the changed documents of a batch, and tries again with
 * exponentially growing waits while the webhook is busy or unreachable, as long as Retry-After asks.
 */
export async function postRebuild(
  ids: string[],
  reason = "firestore",
  options: PostOptions = {},
): Promise<RebuildResult> {
  return postToService(rebuildUrl.value(), { reason, documents: ids }, ids, options);
}

export interface PostOptions {
  /** At most this many attempts (default MAX_ATTEMPTS): an editor waiting on a call cannot wait minutes. */
  attempts?: number;
  /** How long one attempt may take (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Where the service takes requests other than /rebuild: the same host, another route (REBUILD_URL
 * names /rebuild itself).
 */
export function serviceRoute(route: "takedown"): string {
  const url = rebuildUrl.value();
  return url ? new URL(route, url).toString() : "";
}

/** The build id in a 202 answer of the service (`{ buildId, state, coalesced }`), if any. */
function buildIdIn(answer: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(answer);
    const id = typeof parsed === "object" && parsed !== null ? (parsed as { buildId?: unknown }).buildId : undefined;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Sends `fields` (plus `requestedAt`) to the service at `url`, signed, with the retries described above. */
export async function postToService(
  url: string,
  fields: Record<string, unknown>,
  ids: readonly string[],
  { attempts = MAX_ATTEMPTS, timeoutMs = REQUEST_TIMEOUT_MS }: PostOptions = {},
): Promise<RebuildResult> {
  const secret = rebuildSecret.value();
  if (!url || !secret) {
    logError("Rebuild not requested: REBUILD_URL or REBUILD_SECRET is not set", { documents: ids });
    throw new Error("REBUILD_URL and REBUILD_SECRET must both be set");
  }
  // An unset IntParam reads as 0 at run time (see getDebouncer), so below 1 means the default.
  const baseMs = retryBaseMs.value() > 0 ? retryBaseMs.value() : DEFAULT_RETRY_BASE_MS;
  // Signed as the exact string sent: the service verifies the raw bytes, not a re-serialization.
  const body = JSON.stringify({ ...fields, requestedAt: new Date().toISOString() });
  let waited = 0;

  for (let attempt = 1; ; attempt += 1) {
    let status: number;
    let answer = "";
    let retryAfter: number | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        // Signed afresh each attempt: the service accepts each request id once, within 5 minutes.
        headers: { "Content-Type": "application/json", ...signRequest(body, secret) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      retryAfter = retryAfterMs(response.headers.get("retry-after"));
      // The answer is short; reading it frees the socket and gives the log something to show.
      answer = (await response.text().catch(() => "")).slice(0, 500);
    } catch (error) {
      if (attempt >= attempts) {
        logError(`Rebuild request failed to reach the webhook; giving up after ${attempt} attempts`, {
          documents: ids,
          error: String(error),
        });
        throw error;
      }
      status = 0;
      answer = String(error);
    }
    if (status >= 200 && status < 300) {
      info("Rebuild requested", { documents: ids, status, attempts: attempt });
      const buildId = buildIdIn(answer);
      return { status, attempts: attempt, ...(buildId ? { buildId } : {}) };
    }
    const what = status === 0 ? "Rebuild request failed to reach the webhook" : `Rebuild webhook answered ${status}`;
    const details = { documents: ids, status, attempt, answer };
    if (status !== 0 && !worthRetrying(status)) {
      logError(what, details);
      throw new Error(what);
    }
    if (attempt >= attempts) {
      logError(`${what}; giving up after ${attempt} attempts`, details);
      throw new Error(what);
    }
    // Each wait doubles, stretched by up to a quarter so that instances refused together do not
    // come back together; the server's Retry-After wins when it asks for longer.
    const backoff = Math.min(MAX_WAIT_MS, baseMs * 2 ** (attempt - 1)) * (1 + Math.random() / 4);
    const wait = Math.round(Math.max(backoff, retryAfter ?? 0));
    if (wait > MAX_WAIT_MS || waited + wait > MAX_TOTAL_WAIT_MS) {
      logError(
        `${what}; giving up: it asks to wait ${Math.round(wait / 1000)} s, longer than this function may`,
        details,
      );
      throw new Error(what);
    }
    warn(`${what}; trying again in ${wait} ms`, details);
    await new Promise((resolve) => setTimeout(resolve, wait));
    waited += wait;
  }
}
