// Who may trigger a build: a caller that signs the body with the shared secret (HMAC-SHA256 in
// X-Signature-256, as GitHub webhooks do) or one that presents the secret as a bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { verify } from "../trigger/src/signature.ts";

export type AuthMethod = "signature" | "bearer";

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

/** How the request proved it knows the secret, or null when it did not. */
export function authenticate(headers: IncomingHttpHeaders, body: Buffer, secret: string): AuthMethod | null {
  const signed = headers["x-signature-256"];
  // A signature that is present but wrong fails, whatever else the request carries.
  if (signed !== undefined) return typeof signed === "string" && verify(body, signed, secret) ? "signature" : null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization ?? ""));
  // Digests have equal lengths, so timingSafeEqual never reveals the secret's length.
  if (match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(secret))) return "bearer";
  return null;
}
