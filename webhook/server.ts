// `npm run webhook`: the rebuild service. Configured by the environment (see webhook/README.md);
// it refuses to start without a REBUILD_SECRET of at least 32 characters.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Builder } from "./lib/build-queue.ts";
import { BuildEvents } from "./lib/build-events.ts";
import { ConfigError, loadConfig, type ServiceConfig } from "./lib/config.ts";
import { openIdTokenVerifier } from "./lib/editor-token.ts";
import { createHandler } from "./lib/http.ts";
import { createRateLimiter } from "./lib/rate-limit.ts";
import { ReplayGuard } from "./lib/replay.ts";
import { scheduleConfig, startScheduler, type ScheduleConfig } from "./lib/schedule/service.ts";
import type { ScheduleTimer } from "./lib/schedule/timer.ts";
import { openStatusDatabase } from "./lib/status-database.ts";
import { TOLERANCE_SECONDS } from "@kindred/publishing";

const log = (message: string): void => console.log(`[rebuild] ${message}`);

let config: ServiceConfig;
let builder: Builder;
let schedule: ScheduleConfig | null;
try {
  config = loadConfig(process.env);
  schedule = scheduleConfig(process.env);
  const events = new BuildEvents(config, openStatusDatabase(config.statusProject), log);
  builder = new Builder(config, log, events).init();
  await builder.resume();
} catch (error) {
  console.error(`[rebuild] Cannot start: ${(error as Error).message}`);
  process.exit(error instanceof ConfigError ? 78 : 1);
}

const limits = {
  refused: createRateLimiter({ perMinute: config.rateLimitPerMinute }),
  authenticated: createRateLimiter({ perMinute: config.rateLimitPerMinute }),
};
// Beside queue.json, so that a restart forgets neither the accepted builds nor the used request ids.
const replay = new ReplayGuard(TOLERANCE_SECONDS, { file: path.join(config.buildsDir, "request-ids.json"), log });
setInterval(() => {
  limits.refused.sweep();
  replay.sweep();
}, 60_000).unref();

// Editors read GET /status with an ID token of the project the states go to (STATUS_PROJECT_ID).
const verifyIdToken = openIdTokenVerifier(config.statusProject);
const server = http.createServer(createHandler({ config, builder, limits, replay, verifyIdToken, log }));
server.requestTimeout = 30_000;
server.on("error", (error) => {
  console.error(`[rebuild] Cannot listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  log(`Rebuild webhook listening on http://${config.host}:${port}; publishing to ${config.publishDir}`);
});
// Started after resume(), so a catch-up build joins the queue behind the interrupted one.
const scheduler: ScheduleTimer | null = schedule ? await startScheduler(schedule, builder, log) : null;

let stopping = false;
const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping; a running build is cancelled and the published site is left as it is`);
  server.close();
  server.closeIdleConnections();
  await scheduler?.stop();
  await builder.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
