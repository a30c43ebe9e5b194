import { sign, signedContent, signRequest, verify, verifyRequest } from "@kindred/publishing";

// The signature scheme the functions sign with and the rebuild service verifies with
// (webhook/README.md says how to sign by hand).
const SECRET = "test-rebuild-secret";

describe("signRequest / verifyRequest", () => {
  const body = '{"reason":"firestore"}';
  const now = 1_767_225_600_000;
  const id = "6f1c2e0a-5a53-4c57-9a44-2f7e1b0c9d21";
  const headers = signRequest(body, SECRET, { now, id });

  it("signs `${timestamp}.${id}.${body}`, as openssl computes it by hand", () => {
    // printf '%s' '1767225600.6f1c2e0a-….{"reason":"firestore"}' | openssl dgst -sha256 -hmac Jefe
    expect(signRequest(body, "Jefe", { now, id })).toEqual({
      "x-rebuild-timestamp": "1767225600",
      "x-rebuild-id": id,
      "x-signature-256": "sha256=4ae5cdd12dfa4e5d9585e5a7c1b1d72b55b3458a407bc0e6064d0cadf5d704b7",
    });
    expect(signedContent("1767225600", id, Buffer.from(body)).toString()).toBe(`1767225600.${id}.${body}`);
  });

  it("accepts the request within five minutes of its timestamp, either way", () => {
    expect(verifyRequest(headers, body, SECRET, { now })).toEqual({ ok: true, id, timestamp: 1767225600 });
    expect(verifyRequest(headers, Buffer.from(body), SECRET, { now: now + 300_000 })).toMatchObject({ ok: true });
    expect(verifyRequest(headers, body, SECRET, { now: now - 300_000 })).toMatchObject({ ok: true });
  });

  it.each([
    [
      "an old timestamp",
      headers,
      body,
      now + 301_000,
      "the timestamp is 301 s away from the service's clock (at most 300 s are allowed)",
    ],
    ["a future timestamp", headers, body, now - 301_000, "the timestamp is 301 s away"],
    [
      "a changed timestamp",
      { ...headers, "x-rebuild-timestamp": "1767225601" },
      body,
      now,
      "the signature does not match",
    ],
    ["a changed id", { ...headers, "x-rebuild-id": id.replace("6f", "7f") }, body, now, "the signature does not match"],
    ["a changed body", headers, body.replace("firestore", "forged"), now, "the signature does not match"],
    ["another secret", signRequest(body, "another-secret", { now, id }), body, now, "the signature does not match"],
    [
      "no timestamp",
      { ...headers, "x-rebuild-timestamp": undefined },
      body,
      now,
      "X-Signature-256 needs X-Rebuild-Timestamp",
    ],
    [
      "a timestamp in ms",
      { ...headers, "x-rebuild-timestamp": "1767225600000.5" },
      body,
      now,
      "X-Signature-256 needs X-Rebuild-Timestamp",
    ],
    ["a short id", { ...headers, "x-rebuild-id": "abc" }, body, now, "X-Signature-256 needs"],
    ["an id with spaces", { ...headers, "x-rebuild-id": "a b c d e f g h i j" }, body, now, "X-Signature-256 needs"],
    ["no signature", { ...headers, "x-signature-256": undefined }, body, now, "no X-Signature-256"],
    [
      "a signature of the body alone",
      { ...headers, "x-signature-256": sign(body, SECRET) },
      body,
      now,
      "the signature does not match",
    ],
  ])("refuses %s", (_case, tested, testedBody, at, reason) => {
    const verdict = verifyRequest(tested, testedBody, SECRET, { now: at });
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toContain(reason);
  });
});

describe("sign / verify", () => {
  const body = JSON.stringify({ reason: "firestore", documents: ["a"], requestedAt: "2025-01-01T00:00:00.000Z" });
  const signature = sign(body, SECRET);

  it("signs as sha256= and 64 hex digits", () => {
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    // A known HMAC-SHA256 vector (RFC 4231 test case 2) pins the algorithm and encoding.
    expect(sign("what do ya want for nothing?", "Jefe")).toBe(
      "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("accepts the right signature, for a string or the same bytes", () => {
    expect(verify(body, signature, SECRET)).toBe(true);
    expect(verify(Buffer.from(body), signature, SECRET)).toBe(true);
  });

  it.each([
    ["a wrong secret", body, sign(body, "another-secret")],
    ["a tampered body", body.replace('"a"', '"b"'), signature],
    ["a missing prefix", body, signature.slice("sha256=".length)],
    ["another prefix", body, signature.replace("sha256=", "sha1=")],
    ["a digest one byte short", body, signature.slice(0, -2)],
    ["a digest one byte long", body, `${signature}00`],
    ["non-hex digits of the right length", body, `sha256=${"z".repeat(64)}`],
    ["an empty header", body, ""],
    ["the bare prefix", body, "sha256="],
    ["an undefined header", body, undefined],
    ["a null header", body, null],
  ])("rejects %s", (_case, tested, header) => {
    expect(verify(tested, header, SECRET)).toBe(false);
  });

  it("rejects everything when the secret is empty, even a signature made with it", () => {
    expect(verify(body, sign(body, ""), "")).toBe(false);
  });

  it("returns false rather than throwing for a body it cannot hash", () => {
    expect(verify(undefined as unknown as string, signature, SECRET)).toBe(false);
  });
});
