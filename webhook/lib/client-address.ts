// Telling clients apart for rate limiting, when the service may sit behind reverse proxies.

/**
 * The address a request comes from. Each of the `trustedProxies` proxies in front of the service
 * appends the address it received the request from to X-Forwarded-For, so counting that many hops
 * from the right (the socket's peer being the last) lands on the first address no trusted proxy
 * vouches for. Entries further left were written by the client and may be anything.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const hops =
    trustedProxies > 0
      ? [forwardedFor ?? ""]
          .flat()
          .join(",")
          .split(",")
          .map((hop) => hop.trim())
          .filter(Boolean)
      : [];
  const chain = [...hops, peer || "unknown"];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
}
