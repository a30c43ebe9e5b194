import type { ChildProcess } from "node:child_process";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import path from "node:path";
import type { BuildView } from "../../webhook/lib/build-record.ts";
import { startScript } from "./processes";

export type { BuildView };

// Drives the real rebuild service (`node webhook/server.ts`) as a separate process.
export const SECRET = "test-secret-0123456789abcdefghijklmnopqrstuvwxyz";

export interface RebuildService {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

export interface Status {
  published: string | null;
  current: BuildView | null;
  queued: BuildView | null;
  builds: BuildView[];
  releases: { id: string; published: boolean }[];
  /** Only with the bearer token. */
  paths?: { publishDir: string; projectDir: string; buildsDir: string };
}

/** Starts the service with the given environment; resolves when it listens (PORT=0 picks a port). */
export async function startService(
  env: Record<string, string>,
  base: NodeJS.ProcessEnv = process.env,
): Promise<RebuildService> {
  const { child, ready, output, exited } = await startScript(
    "webhook/server.ts",
    { REBUILD_SECRET: SECRET, PORT: "0", HOST: "127.0.0.1", ...env },
    /listening on (http:\/\/[\d.]+:\d+)/,
    base,
  );
  return {
    url: ready[1]!,
    child,
    output,
    exited,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The bare HMAC-SHA256 of `content` as an X-Signature-256 value (written here independently of the service). */
export const sign = (content: string, secret = SECRET): string =>
  `sha256=${createHmac("sha256", secret).update(content).digest("hex")}`;

/**
 * The headers that sign a request body: a timestamp (Unix seconds), a request id, and the HMAC of
 * `${timestamp}.${id}.${body}`. Options make stale, reused or foreign signatures for the tests.
 */
export function signedHeaders(
  body: string,
  { secret = SECRET, now = Date.now(), id = randomUUID() }: { secret?: string; now?: number; id?: string } = {},
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    "x-rebuild-timestamp": timestamp,
    "x-rebuild-id": id,
    "x-signature-256": sign(`${timestamp}.${id}.${body}`, secret),
  };
}

/** POSTs a signed JSON body. */
export function post(
  url: string,
  body: unknown = { reason: "test" },
  headers: Record<string, string> = {},
): Promise<Response> {
  const text = JSON.stringify(body);
  return fetch(url, {
    method: "POST",
    body: text,
    headers: { "content-type": "application/json", ...signedHeaders(text), ...headers },
  });
}

/** GET /status with the bearer token: everything, log tails and paths included. */
export const status = async (service: RebuildService): Promise<Status> =>
  (await fetch(`${service.url}/status`, { headers: { authorization: `Bearer ${SECRET}` } })).json() as Promise<Status>;

/** Polls /status until `done` holds. */
export async function waitForStatus(
  service: RebuildService,
  done: (status: Status) => boolean,
  timeoutMs = 240_000,
): Promise<Status> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await status(service);
    if (done(current)) return current;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting; last status ${JSON.stringify(current, null, 2)}\n${service.output().slice(-3000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until no build runs or waits, and returns the status. */
export const waitForIdle = (service: RebuildService, timeoutMs?: number): Promise<Status> =>
  waitForStatus(service, (current) => !current.current && !current.queued, timeoutMs);

/** The published site as the symlink target plus a digest of every file under it. */
export function fingerprint(publishDir: string): { target: string; digest: string; files: number } {
  const hash = createHash("sha256");
  let files = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        files += 1;
        hash.update(path.relative(publishDir, full)).update("\0").update(readFileSync(full));
      }
    }
  };
  walk(publishDir);
  return { target: readlinkSync(publishDir), digest: hash.digest("hex"), files };
}
