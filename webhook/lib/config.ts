// The service's settings, read once from the environment and checked up front: a misconfigured
// service refuses to start with a clear message rather than failing on its first build.
import path from "node:path";

export const MIN_SECRET_LENGTH = 32;

export class ConfigError extends Error {}

const MIN_DISTINCT = 8;
const MIN_BITS = 80;
const MIN_DISTINCT_PAIRS = 0.6;
const GENERATE = "Generate one with: node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"";

export interface SecretStrength {
  length: number;
  /** How many different characters it uses. */
  distinct: number;
  /** Its length times the Shannon entropy of its character frequencies: a generous estimate. */
  bits: number;
  /** The share of its pairs of neighbouring characters that occur once; low for a repeated pattern. */
  distinctPairs: number;
}

/** Measures how hard a secret is to guess, by the rough figures the service checks. */
export function secretStrength(secret: string): SecretStrength {
  const chars = [...secret];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) entropy -= (count / chars.length) * Math.log2(count / chars.length);
  const pairs = new Set(chars.slice(1).map((char, i) => chars[i] + char));
  return {
    length: chars.length,
    distinct: counts.size,
    bits: entropy * chars.length,
    distinctPairs: chars.length > 1 ? pairs.size / (chars.length - 1) : 0,
  };
}

/**
 * Why `secret` is too weak to protect the service, or null. Length alone proves nothing (32 spaces
 * are 32 characters), so it must also vary: random hex of 32 characters or more always passes.
 */
function secretProblem(secret: string): string | null {
  const { length, distinct, bits, distinctPairs } = secretStrength(secret);
  if (length < MIN_SECRET_LENGTH)
    return `REBUILD_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters (it has ${length}). ${GENERATE}`;
  const shortfalls = [
    ...(distinct < MIN_DISTINCT ? [`it uses only ${distinct} different character${distinct === 1 ? "" : "s"}`] : []),
    ...(bits < MIN_BITS ? [`it holds only about ${Math.floor(bits)} bits of entropy`] : []),
    ...(distinctPairs < MIN_DISTINCT_PAIRS
      ? [`only ${Math.floor(distinctPairs * 100)}% of its neighbouring pairs differ`]
      : []),
  ];
  if (shortfalls.length === 0) return null;
  return (
    `REBUILD_SECRET is too easy to guess: ${shortfalls.join("; ")}. A secret needs at least ${MIN_SECRET_LENGTH} characters, ` +
    `at least ${MIN_DISTINCT} different ones, about ${MIN_BITS} bits of entropy (its length times the Shannon entropy of how often ` +
    `each character occurs), and at least ${MIN_DISTINCT_PAIRS * 100}% of its pairs of neighbouring characters different (so that it ` +
    `is not a pattern repeated). ${GENERATE}`
  );
}

export interface ServiceConfig {
  secret: string;
  port: number;
  host: string;
  publishDir: string;
  projectDir: string;
  buildsDir: string;
  buildCommand: string;
  deployCommand: string;
  keepBuilds: number;
  buildTimeoutMs: number;
  maxBodyBytes: number;
  rateLimitPerMinute: number;
  /** How many reverse proxies stand in front of the service (each appends a hop to X-Forwarded-For). */
  trustProxy: number;
  /** The largest share of the published articles a build may drop without `allowShrink`. */
  maxArticleDrop: number;
  /** The published site's origin, for the URLs of live articles (the build's own SITE_URL). */
  siteUrl: string;
  /** The Firestore project the articles' states are written to; empty: none are written. */
  statusProject: string;
  /** Where build events are POSTed, signed with `notifySecret`; empty: nobody is notified. */
  notifyUrl: string;
  notifySecret: string;
  /** Whether a trigger that names documents goes through the fast lane first (FAST_LANE, on by default). */
  fastLane: boolean;
}

export type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer of at least ${min}, got "${raw}".`);
  return value;
}

function proxies(env: Env): number {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === "") return 0;
  if (!/^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the service (0 for none, 1 behind one load balancer), got "${raw}".`,
    );
  }
  return Number(raw);
}

/** FAST_LANE: "off" sends every trigger straight to the full build, for comparing the two; "on" or unset keeps the lane. */
function lane(env: Env): boolean {
  const raw = env.FAST_LANE;
  if (raw === undefined || raw === "" || raw === "on") return true;
  if (raw === "off") return false;
  throw new ConfigError(`FAST_LANE must be "on" or "off", got "${raw}".`);
}

function share(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new ConfigError(`${name} must be a share between 0 and 1 (0.5 is half), got "${raw}".`);
  return value;
}

/** Reads and checks the settings from an environment object; throws a ConfigError saying what is wrong. */
export function loadConfig(env: Env, { cwd = process.cwd() }: { cwd?: string } = {}): ServiceConfig {
  const secret = env.REBUILD_SECRET ?? "";
  const weakness = secretProblem(secret);
  if (weakness) throw new ConfigError(weakness);
  if (!env.PUBLISH_DIR)
    throw new ConfigError("PUBLISH_DIR must name where the published site lives (a symlink the service manages).");
  const publishDir = path.resolve(cwd, env.PUBLISH_DIR);
  const projectDir = path.resolve(cwd, env.PROJECT_DIR || ".");
  const buildsDir = path.resolve(
    cwd,
    env.BUILDS_DIR || path.join(path.dirname(publishDir), `.${path.basename(publishDir)}-builds`),
  );
  if (buildsDir === publishDir || buildsDir.startsWith(publishDir + path.sep)) {
    throw new ConfigError("BUILDS_DIR must not be inside PUBLISH_DIR.");
  }
  return {
    secret,
    port: integer(env, "PORT", 8787, 0), // 0 picks a free port
    host: env.HOST || "0.0.0.0",
    publishDir,
    projectDir,
    buildsDir,
    buildCommand: env.BUILD_COMMAND || `"${path.join(projectDir, "node_modules", ".bin", "gatsby")}" build`,
    deployCommand: env.DEPLOY_COMMAND || "",
    keepBuilds: integer(env, "KEEP_BUILDS", 3),
    buildTimeoutMs: integer(env, "BUILD_TIMEOUT_MS", 20 * 60_000),
    maxBodyBytes: integer(env, "MAX_BODY_BYTES", 64 * 1024),
    rateLimitPerMinute: integer(env, "RATE_LIMIT_PER_MINUTE", 60),
    trustProxy: proxies(env),
    maxArticleDrop: share(env, "MAX_ARTICLE_DROP", 0.5),
    // gatsby-config.ts falls back to the same origin when SITE_URL is unset.
    siteUrl: (env.SITE_URL || "https://kindred.app").replace(/\/+$/, ""),
    statusProject: env.STATUS_PROJECT_ID ?? env.GATSBY_FIREBASE_PROJECT_ID ?? "",
    ...notification(env, secret),
    fastLane: lane(env),
  };
}

/** NOTIFY_URL and its own secret: a receiver given REBUILD_SECRET could trigger builds with it. */
function notification(env: Env, secret: string): { notifyUrl: string; notifySecret: string } {
  const notifyUrl = env.NOTIFY_URL ?? "";
  const notifySecret = env.NOTIFY_SECRET ?? "";
  if (!notifyUrl) return { notifyUrl, notifySecret: "" };
  if (!/^https?:\/\/[^/]/.test(notifyUrl))
    throw new ConfigError(`NOTIFY_URL must be an http(s) URL, got "${notifyUrl}".`);
  if (notifySecret.length < MIN_SECRET_LENGTH || notifySecret === secret) {
    throw new ConfigError(
      `NOTIFY_SECRET must be set, to at least ${MIN_SECRET_LENGTH} characters and not to REBUILD_SECRET, when NOTIFY_URL is. ${GENERATE}`,
    );
  }
  return { notifyUrl, notifySecret };
}
