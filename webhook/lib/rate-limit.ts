// Token buckets by key: a key may be used `perMinute` times in a burst, then once more each time a
// token refills. The service keeps refused requests (per client address) and authenticated ones
// in separate limiters, so guessing the secret is slow and never blocks the genuine triggers.

export interface RateLimit {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(key: string): RateLimit;
  /** Forgets full buckets; they carry no information. */
  sweep(): void;
  size(): number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export function createRateLimiter({
  perMinute,
  now = () => Date.now(),
}: {
  perMinute: number;
  now?: () => number;
}): RateLimiter {
  const refillMs = 60_000 / perMinute;
  const buckets = new Map<string, Bucket>();

  const take = (key: string): RateLimit => {
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

  const sweep = (): void => {
    const time = now();
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + (time - bucket.updated) / refillMs >= perMinute) buckets.delete(key);
    }
  };

  return { take, sweep, size: () => buckets.size };
}
