import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Build } from "../../webhook/lib/build-record.ts";

// The rebuild service's build queue in a process of its own (support/builder-child.ts), driven from a
// test: calls go over IPC, and what the queue tells its observer and its log comes back as events.

/** What the queue told: its observer's reports and its log lines. */
export type BuilderEvent =
  | { event: "ready" }
  | { event: "log"; message: string }
  | { event: "triggered"; id: string; reason: string; documents: string[] }
  | { event: "started"; id: string; publishedId: string | null; build: Build }
  | { event: "finished"; id: string; build: Build };

/** An error the queue threw, with the HTTP status it carried, if any. */
export class BuilderError extends Error {
  statusCode: number | undefined;
  constructor(message: string, statusCode: number | undefined) {
    super(message);
    this.statusCode = statusCode;
  }
}

export interface BuilderProcess {
  child: ChildProcess;
  /** Calls a method of the Builder and resolves with its result; rejects with a BuilderError. */
  call<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  /** Everything the queue told so far, in order. */
  events: BuilderEvent[];
  /** The log lines so far. */
  logs(): string[];
  /** Resolves with the first event, told already or later, that `matches`; rejects after `timeoutMs`. */
  waitFor<E extends BuilderEvent>(matches: (event: BuilderEvent) => event is E, timeoutMs?: number): Promise<E>;
  waitFor(matches: (event: BuilderEvent) => boolean, timeoutMs?: number): Promise<BuilderEvent>;
  /** kill -9, as a crash: nothing is written on the way out. Resolves once it has exited. */
  crash(): Promise<void>;
}

const CHILD = path.join(__dirname, "builder-child.ts");

/** Forks the queue's process with the service's environment plus `env`; resolves once it listens. */
export function startBuilder(env: Record<string, string>): Promise<BuilderProcess> {
  const child = fork(CHILD, [], {
    env: { ...process.env, ...env },
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const events: BuilderEvent[] = [];
  // Who waits for an event; each hears "exited" when the process has gone.
  type Listener = (event: BuilderEvent | "exited") => void;
  const waiting = new Set<Listener>();
  const answers = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let calls = 0;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  child.on(
    "message",
    (message: { call?: number; result?: unknown; error?: { message: string; statusCode?: number } }) => {
      if (message.call !== undefined) {
        const answer = answers.get(message.call)!;
        answers.delete(message.call);
        if (message.error) answer.reject(new BuilderError(message.error.message, message.error.statusCode));
        else answer.resolve(message.result);
        return;
      }
      const event = message as BuilderEvent;
      events.push(event);
      for (const listener of waiting) listener(event);
    },
  );
  void exited.then(() => {
    for (const { reject } of answers.values()) reject(new Error("the queue's process exited"));
    for (const listener of waiting) listener("exited");
  });

  const waitFor = (matches: (event: BuilderEvent) => boolean, timeoutMs = 20_000): Promise<BuilderEvent> => {
    const found = events.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const stop = (error?: Error): void => {
        clearTimeout(timer);
        waiting.delete(listener);
        if (error) reject(error);
      };
      const timer = setTimeout(
        () =>
          stop(new Error(`no such event from the queue; it told:\n${JSON.stringify(events, null, 1).slice(-4000)}`)),
        timeoutMs,
      );
      const listener: Listener = (event) => {
        if (event === "exited") return stop(new Error("the queue's process exited"));
        if (!matches(event)) return;
        stop();
        resolve(event);
      };
      waiting.add(listener);
    });
  };

  const builder: BuilderProcess = {
    child,
    events,
    logs: () => events.flatMap((event) => (event.event === "log" ? [event.message] : [])),
    call: <T>(method: string, ...args: unknown[]) =>
      new Promise<T>((resolve, reject) => {
        calls += 1;
        answers.set(calls, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ call: calls, method, args });
      }),
    waitFor: waitFor as BuilderProcess["waitFor"],
    crash: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
  return waitFor((event) => event.event === "ready").then(() => builder);
}
