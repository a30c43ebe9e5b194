// Who may trigger a build: a caller that signs the body with the shared secret (HMAC-SHA256 in
// X-Signature-256, as GitHub webhooks do) or one that presents the secret as a bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import signature from "../trigger/signature.js";

const digest = (value) => createHash("sha256").update(value).digest();

/** Answers how the request proved it knows the secret ("signature" or "bearer"), or null. */
export function authenticate(headers, body, secret) {
  const signed = headers["x-signature-256"];
  // A signature that is present but wrong fails, whatever else the request carries.
  if (signed !== undefined) return typeof signed === "string" && signature.verify(body, signed, secret) ? "signature" : null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(String(headers.authorization ?? ""));
  // Comparing digests gives equal lengths, so timingSafeEqual never leaks the secret's length.
  if (match && timingSafeEqual(digest(match[1]), digest(secret))) return "bearer";
  return null;
}
