// How a rebuild request proves it comes from someone who holds the shared secret: an HMAC-SHA256 of
// the body's exact bytes, sent as `X-Signature-256: sha256=<hex>`. The Cloud Function signs with
// this module and the rebuild service verifies with it, so the scheme is written down once; it
// lives in the function's folder because that folder is all Firebase uploads.
import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "sha256=";
// A SHA-256 digest is 32 bytes: a well-formed header carries exactly 64 hex digits.
const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/** The X-Signature-256 value for `body` (the bytes as they go on the wire) under `secret`. */
export function sign(body: string | Uint8Array, secret: string): string {
  return PREFIX + createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * Whether `header` is the signature of `body` under `secret`, compared in constant time.
 * Never throws: a missing, malformed or foreign signature is simply false.
 */
export function verify(body: string | Uint8Array, header: string | null | undefined, secret: string): boolean {
  try {
    // With an empty secret anyone could sign, so a misconfigured verifier accepts nothing.
    if (typeof header !== "string" || typeof secret !== "string" || secret === "") return false;
    if (!header.startsWith(PREFIX)) return false;
    const hex = header.slice(PREFIX.length);
    if (!HEX_DIGEST.test(hex)) return false;
    const given = Buffer.from(hex, "hex");
    const expected = createHmac("sha256", secret).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}
