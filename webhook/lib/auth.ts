// Who may trigger a build: a caller that signs the request with the shared secret (see
// @kindred/publishing's signature.ts: timestamp, request id and body, each id usable once), or one that
// presents the secret as a bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { SIGNATURE_HEADER, verifyRequest } from "@kindred/publishing";
import type { ReplayGuard } from "./replay.ts";

export type AuthMethod = "signature" | "bearer";

/** How the request proved it knows the secret, or why it did not. */
export type Authentication = { method: AuthMethod } | { refused: string };

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

/** The bearer token of the Authorization header, or null when it carries none. */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization ?? ""))?.[1] ?? null;
}

/** True when the Authorization header carries the secret as a bearer token. */
export function hasBearerSecret(headers: IncomingHttpHeaders, secret: string): boolean {
  const token = bearerToken(headers);
  // Digests have equal lengths, so timingSafeEqual never reveals the secret's length.
  return token !== null && secret !== "" && timingSafeEqual(digest(token), digest(secret));
}

export function authenticate(
  headers: IncomingHttpHeaders,
  body: Buffer,
  secret: string,
  replay: ReplayGuard,
  now = Date.now(),
): Authentication {
  // A signature that is present but wrong fails, whatever else the request carries.
  if (headers[SIGNATURE_HEADER] !== undefined) {
    const verdict = verifyRequest(headers, body, secret, { now });
    if (!verdict.ok) return { refused: verdict.reason };
    // Only a request with a valid signature gets its id remembered, so nobody else can fill the memory.
    if (!replay.firstUse(verdict.id, verdict.timestamp, now))
      return { refused: `the request id ${verdict.id} has already been used` };
    return { method: "signature" };
  }
  if (headers.authorization !== undefined)
    return hasBearerSecret(headers, secret) ? { method: "bearer" } : { refused: "the bearer token is wrong" };
  return { refused: "neither a signature nor a bearer token" };
}
