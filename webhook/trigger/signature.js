// HMAC-SHA256 signing of rebuild requests, shared by the Cloud Function (which signs) and the
// webhook server (which verifies). Dependency-free CommonJS so both can load it as-is.
"use strict";

const { createHmac, timingSafeEqual } = require("node:crypto");

const PREFIX = "sha256=";
// A SHA-256 digest is 32 bytes, so a well-formed header carries exactly 64 hex digits.
const HEX_DIGEST = /^[0-9a-f]{64}$/i;

/**
 * Signs the exact bytes of a request body.
 * @param {string | Uint8Array} body the body as sent on the wire
 * @param {string} secret the shared secret
 * @returns {string} `sha256=<hex HMAC-SHA256>`, the value of the X-Signature-256 header
 */
function sign(body, secret) {
  return PREFIX + createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * Checks an X-Signature-256 header against a body in constant time.
 * Never throws: anything malformed, absent or signed with another secret is simply false.
 * @param {string | Uint8Array} body the raw body bytes as received
 * @param {string | null | undefined} header the X-Signature-256 header value
 * @param {string} secret the shared secret
 * @returns {boolean} whether the header is the body's signature under the secret
 */
function verify(body, header, secret) {
  try {
    // An empty secret would let anyone sign, so a misconfigured server accepts nothing.
    if (typeof header !== "string" || typeof secret !== "string" || secret === "") return false;
    if (!header.startsWith(PREFIX)) return false;
    const hex = header.slice(PREFIX.length);
    if (!HEX_DIGEST.test(hex)) return false;
    const given = Buffer.from(hex, "hex");
    const expected = createHmac("sha256", secret).update(body).digest();
    // timingSafeEqual throws on differing lengths; the regex already guarantees 32 bytes, but stay safe.
    if (given.length !== expected.length) return false;
    return timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

module.exports = { sign, verify };
