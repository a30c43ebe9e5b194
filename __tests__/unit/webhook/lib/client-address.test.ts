/** @jest-environment node */
import { clientAddress } from "../../../../webhook/lib/client-address.ts";

describe("the client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("192.0.2.1", "10.9.9.9", 0)).toBe("192.0.2.1");
  });

  it("is the hop the trusted proxies saw, counted from the right", () => {
    // client -> proxy A (appends the client) -> proxy B (appends A) -> service (peer: B)
    expect(clientAddress("10.0.0.2", "forged, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "forged, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", ["forged", "203.0.113.9 , 10.0.0.1"], 2)).toBe("203.0.113.9");
  });

  it("is the furthest known hop when the chain is shorter than the trusted proxies", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.9", 3)).toBe("203.0.113.9");
  });
});
