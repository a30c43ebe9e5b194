// Runs the rebuild service's build queue (webhook/lib/build-queue.ts) in a Node process of its own,
// for its tests: Jest's Babel cannot compile the Builder's private methods, and Node 24 runs the
// module as it is. support/builder-process.ts forks this file and sends it calls over IPC; it answers
// each, and passes on everything the queue tells its observer and its log, so that a test waits for
// what the queue says rather than for a time. Configured by the environment, as the service is.
// With OBSERVER_THROWS=1 the observer throws after each report, as an unreachable Firestore would.
import type { AcceptedTrigger, BuildObserver } from "../../webhook/lib/build-events.ts";
import { Builder } from "../../webhook/lib/build-queue.ts";
import type { Build } from "../../webhook/lib/build-record.ts";
import { loadConfig } from "../../webhook/lib/config.ts";

interface Call {
  call: number;
  method: "init" | "resume" | "trigger" | "status" | "rollback" | "stop" | "releases" | "publishedId";
  args: unknown[];
}

const send = (message: unknown): void => {
  process.send?.(message);
};
const record = ({ cancel: _cancel, ...build }: Build): Omit<Build, "cancel"> => build;
const report = (message: Record<string, unknown>): void => {
  send(message);
  if (process.env.OBSERVER_THROWS === "1") throw new Error("Firestore is unreachable");
};

const observer: BuildObserver = {
  triggered: (build: Build, trigger: AcceptedTrigger) =>
    report({ event: "triggered", id: build.id, reason: trigger.reason, documents: [...trigger.documents] }),
  started: (build: Build, publishedId: string | null) =>
    report({ event: "started", id: build.id, publishedId, build: record(build) }),
  finished: (build: Build) => report({ event: "finished", id: build.id, build: record(build) }),
  settled: async () => undefined,
};

const builder = new Builder(loadConfig(process.env), (message) => send({ event: "log", message }), observer);

process.on("message", (message: Call) => {
  const { call, method, args } = message;
  void (async () => {
    try {
      const result: unknown = await (builder[method] as (...values: unknown[]) => unknown).apply(builder, args);
      send({ call, result: result === builder ? null : (result ?? null) });
    } catch (error) {
      const { message: text, statusCode } = error as Error & { statusCode?: number };
      send({ call, error: { message: text, statusCode } });
    }
  })();
});
send({ event: "ready" });
