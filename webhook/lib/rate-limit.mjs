// A per-client token bucket: a client may send `perMinute` requests in a burst, then one more each
// time a token refills. Counting failed attempts too is what makes guessing the secret pointless.

/** Creates a limiter; `take(key)` answers { allowed, retryAfterSeconds }. */
export function createRateLimiter({ perMinute, now = () => Date.now() }) {
  const refillMs = 60_000 / perMinute;
  const buckets = new Map();

  const take = (key) => {
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, updated: time };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.updated) / refillMs);
    bucket.updated = time;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0 };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - bucket.tokens) * refillMs) / 1000)) };
  };

  // Full buckets carry no information, so forgetting them keeps memory bounded.
  const sweep = () => {
    const time = now();
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (time - bucket.updated) / refillMs >= perMinute) buckets.delete(key);
    }
  };

  return { take, sweep, size: () => buckets.size };
}
