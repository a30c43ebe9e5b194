/** @jest-environment node */
import { authenticate } from "../../../../webhook/lib/auth.ts";
import { ReplayGuard } from "../../../../webhook/lib/replay.ts";
import { signRequest } from "@kindred/publishing";

const SECRET = "Vq3-x9Lm2Rt8bZ4kW7nP0cY5hJ6dF1sA";

describe("authentication", () => {
  const body = Buffer.from('{"reason":"x"}');
  const now = Date.parse("2026-01-01T00:00:00Z");
  const guard = () => new ReplayGuard(300);

  it("accepts a signed request or the bearer token", () => {
    expect(authenticate(signRequest(body, SECRET, { now }), body, SECRET, guard(), now)).toEqual({
      method: "signature",
    });
    expect(authenticate({ authorization: `Bearer ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      method: "bearer",
    });
    expect(authenticate({ authorization: `bearer   ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      method: "bearer",
    });
  });

  it("refuses a wrong token, a wrong signature even beside a right token, and nothing at all", () => {
    expect(authenticate({ authorization: `Bearer ${SECRET}x` }, body, SECRET, guard(), now)).toEqual({
      refused: "the bearer token is wrong",
    });
    expect(authenticate({ authorization: `Basic ${SECRET}` }, body, SECRET, guard(), now)).toEqual({
      refused: "the bearer token is wrong",
    });
    const forged = { ...signRequest(Buffer.from("other"), SECRET, { now }), authorization: `Bearer ${SECRET}` };
    expect(authenticate(forged, body, SECRET, guard(), now)).toEqual({ refused: "the signature does not match" });
    expect(authenticate({}, body, SECRET, guard(), now)).toEqual({ refused: "neither a signature nor a bearer token" });
  });

  it("accepts each request id once while its timestamp is inside the window", () => {
    const replay = guard();
    const headers = signRequest(body, SECRET, { now, id: "0123456789abcdef" });
    expect(authenticate(headers, body, SECRET, replay, now)).toEqual({ method: "signature" });
    expect(authenticate(headers, body, SECRET, replay, now + 1000)).toEqual({
      refused: "the request id 0123456789abcdef has already been used",
    });
    // The same id signed again later is still a replay while the first one's window lasts.
    expect(
      authenticate(
        signRequest(body, SECRET, { now: now + 60_000, id: "0123456789abcdef" }),
        body,
        SECRET,
        replay,
        now + 60_000,
      ),
    ).toMatchObject({
      refused: expect.stringContaining("already been used"),
    });
    // Once the window has passed, the timestamp check refuses the recording instead.
    expect(authenticate(headers, body, SECRET, replay, now + 302_000)).toEqual({
      refused: "the timestamp is 302 s away from the service's clock (at most 300 s are allowed)",
    });
  });

  it("does not remember the ids of refused requests", () => {
    const replay = guard();
    const headers = signRequest(body, SECRET, { now, id: "0123456789abcdef" });
    expect(
      authenticate({ ...headers, "x-signature-256": `sha256=${"0".repeat(64)}` }, body, SECRET, replay, now),
    ).toMatchObject({ refused: expect.any(String) });
    expect(replay.size).toBe(0);
    expect(authenticate(headers, body, SECRET, replay, now)).toEqual({ method: "signature" });
  });
});
