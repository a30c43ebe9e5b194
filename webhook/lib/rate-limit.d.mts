export interface RateLimiter {
  take(key: string): { allowed: boolean; retryAfterSeconds: number };
  sweep(): void;
  size(): number;
}
export function createRateLimiter(options: { perMinute: number; now?: () => number }): RateLimiter;
