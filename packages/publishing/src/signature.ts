// How a rebuild request proves it comes from someone who holds the shared secret, and that it is
// fresh: the sender picks a timestamp (Unix seconds) and a request id, and signs
// `${timestamp}.${id}.${body}` with HMAC-SHA256 of the secret, as Stripe and Slack webhooks do:
//
//   X-Rebuild-Timestamp: 1767225600
//   X-Rebuild-Id: 6f1c2e0a-5a53-4c57-9a44-2f7e1b0c9d21
//   X-Signature-256: sha256=<hex HMAC-SHA256 of "1767225600.6f1c2e0a-….{…body…}">
//
// The receiver refuses a timestamp more than five minutes from its clock, and an id it has seen in
// that time, so a recorded request cannot be sent again. The Cloud Functions sign with this module
// and the rebuild service verifies with it (and signs its notifications with it).
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-signature-256";
export const TIMESTAMP_HEADER = "x-rebuild-timestamp";
export const ID_HEADER = "x-rebuild-id";
/** How far a request's timestamp may be from the receiver's clock, either way. */
export const TOLERANCE_SECONDS = 300;

const PREFIX = "sha256=";
// A SHA-256 digest is 32 bytes: a well-formed header carries exactly 64 hex digits.
const HEX_DIGEST = /^[0-9a-f]{64}$/i;
const TIMESTAMP = /^\d{1,12}$/;
// Long enough to be unique when random, short and plain enough to keep in memory and in logs.
const REQUEST_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** The `sha256=<hex>` HMAC-SHA256 of `content` under `secret`. */
export function sign(content: string | Uint8Array, secret: string): string {
  return PREFIX + createHmac("sha256", secret).update(content).digest("hex");
}

/**
 * Whether `header` is the HMAC of `content` under `secret`, compared in constant time.
 * Never throws: a missing, malformed or foreign signature is simply false.
 */
export function verify(content: string | Uint8Array, header: string | null | undefined, secret: string): boolean {
  try {
    // With an empty secret anyone could sign, so a misconfigured verifier accepts nothing.
    if (typeof header !== "string" || typeof secret !== "string" || secret === "") return false;
    if (!header.startsWith(PREFIX)) return false;
    const hex = header.slice(PREFIX.length);
    if (!HEX_DIGEST.test(hex)) return false;
    const given = Buffer.from(hex, "hex");
    const expected = createHmac("sha256", secret).update(content).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

/** What a request's signature covers: its timestamp, its id and its body, joined by dots. */
export function signedContent(timestamp: string, id: string, body: string | Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}.${id}.`), typeof body === "string" ? Buffer.from(body) : body]);
}

export interface SignOptions {
  /** The signing time in ms (default: now). */
  now?: number;
  /** The request id (default: a random UUID). Every request, and every retry, needs its own. */
  id?: string;
}

/** The headers that sign a request with `body` (the exact bytes sent) under `secret`. */
export function signRequest(
  body: string | Uint8Array,
  secret: string,
  { now = Date.now(), id = randomUUID() }: SignOptions = {},
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    [TIMESTAMP_HEADER]: timestamp,
    [ID_HEADER]: id,
    [SIGNATURE_HEADER]: sign(signedContent(timestamp, id, body), secret),
  };
}

export type Verification = { ok: true; id: string; timestamp: number } | { ok: false; reason: string };

type Headers = Record<string, string | string[] | undefined>;

const single = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === "string" ? value.trim() : undefined;
};

/**
 * Checks a signed request: well-formed headers, a signature of its timestamp, id and raw body
 * under `secret`, and a timestamp within TOLERANCE_SECONDS of `now`. Whether the id was used
 * before is for the receiver to remember. `headers` has lower-case names, as node:http gives them.
 */
export function verifyRequest(
  headers: Headers,
  body: string | Uint8Array,
  secret: string,
  { now = Date.now(), toleranceSeconds = TOLERANCE_SECONDS }: { now?: number; toleranceSeconds?: number } = {},
): Verification {
  const signature = single(headers, SIGNATURE_HEADER);
  const timestamp = single(headers, TIMESTAMP_HEADER);
  const id = single(headers, ID_HEADER);
  if (!signature) return { ok: false, reason: "no X-Signature-256" };
  if (!timestamp || !TIMESTAMP.test(timestamp) || !id || !REQUEST_ID.test(id)) {
    return {
      ok: false,
      reason:
        "X-Signature-256 needs X-Rebuild-Timestamp (Unix seconds) and X-Rebuild-Id (16 to 128 letters, digits, - or _)",
    };
  }
  if (!verify(signedContent(timestamp, id, body), signature, secret))
    return { ok: false, reason: "the signature does not match" };
  const skew = Math.abs(Math.floor(now / 1000) - Number(timestamp));
  if (skew > toleranceSeconds) {
    return {
      ok: false,
      reason: `the timestamp is ${skew} s away from the service's clock (at most ${toleranceSeconds} s are allowed)`,
    };
  }
  return { ok: true, id, timestamp: Number(timestamp) };
}
