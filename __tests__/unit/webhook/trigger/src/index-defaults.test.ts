/** @jest-environment node */
import functionsTest from "firebase-functions-test";
import { requestRebuild } from "../../../../../webhook/trigger/src/index.ts";

// The Firestore trigger's timings when nothing overrides them: a write on an idle instance sent at
// once, the writes after it joined by a 5 s quiet window (a batch waits at most 4 of them), a 10 s
// limit on each request, and a first retry wait of 1 s that then doubles. The webhook is replaced by
// a stand-in `fetch`; the clock is Jest's, one for the whole file: the debouncer outlives a test, and
// it times its window on that clock.

const logger = jest.requireActual<typeof import("firebase-functions/logger")>("firebase-functions/logger");

process.env.REBUILD_SECRET = "trigger-defaults-secret";
process.env.REBUILD_URL = "http://127.0.0.1:9/rebuild";
delete process.env.REBUILD_DEBOUNCE_MS;
delete process.env.REBUILD_RETRY_BASE_MS;

const testEnv = functionsTest();
const wrapped = testEnv.wrap(requestRebuild);

/** A published article written (created or edited): the kind of write that asks for a rebuild. */
function publish(id: string): Promise<unknown> {
  const path = `blogMetaData/${id}`;
  const snapshot = (data: Record<string, unknown>) => testEnv.firestore.makeDocumentSnapshot(data, path);
  return wrapped({ data: testEnv.makeChange(snapshot({}), snapshot({ published: true })), params: { id } });
}

/** The ids each request named, in the order they were sent. */
const requested = (): string[][] =>
  fetchMock.mock.calls.map(
    ([, init]) => (JSON.parse(String((init as RequestInit).body)) as { documents: string[] }).documents,
  );

let answers: number[] = [];
let fetchMock: jest.SpyInstance;

beforeAll(() => jest.useFakeTimers());

beforeEach(async () => {
  // Each test starts on an idle instance: the last test's requests are done, and 5 s pass with none.
  await jest.advanceTimersByTimeAsync(5_000);
  answers = [];
  fetchMock = jest
    .spyOn(globalThis, "fetch")
    .mockImplementation(() => Promise.resolve(new Response("{}", { status: answers.shift() ?? 202 })));
  for (const level of ["debug", "info", "warn", "error"] as const)
    jest.spyOn(logger, level).mockImplementation(() => {});
});

afterEach(() => jest.restoreAllMocks());

afterAll(() => {
  jest.useRealTimers();
  testEnv.cleanup();
});

test("sends the first write at once, and the writes after it 5 s after the last of them, not before", async () => {
  const first = publish("first-write");
  await jest.advanceTimersByTimeAsync(0);
  expect(requested()).toEqual([["first-write"]]);
  await first; // settled by its own request, not by the later batch
  expect(logger.info).toHaveBeenCalledWith("Rebuild requested", expect.objectContaining({ status: 202, attempts: 1 }));

  await jest.advanceTimersByTimeAsync(1_000);
  const later = [publish("second-write")];
  await jest.advanceTimersByTimeAsync(2_000);
  // 3 s after the first request: the first write again, a write its request may have missed.
  later.push(publish("third-write"), publish("second-write"), publish("first-write"));
  await jest.advanceTimersByTimeAsync(4_999);
  expect(requested()).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(requested()).toEqual([["first-write"], ["second-write", "third-write", "first-write"]]);
  await Promise.all(later);
});

test("under writes that never leave 5 s of quiet, sends the first at once and the rest 20 s (4 windows) after the second", async () => {
  const writes: Promise<unknown>[] = [];
  for (let second = 0; second < 24; second += 4) {
    writes.push(publish(`steady-${second}`));
    await jest.advanceTimersByTimeAsync(second === 20 ? 3_999 : 4_000);
  }
  // 23.999 s after the first write, 19.999 s after the second, with the last one 3.999 s ago.
  expect(requested()).toEqual([["steady-0"]]);
  await jest.advanceTimersByTimeAsync(1);
  expect(requested()).toEqual([["steady-0"], ["steady-4", "steady-8", "steady-12", "steady-16", "steady-20"]]);
  await Promise.all(writes);
});

test("sends a write at once again once 5 s have passed with no request", async () => {
  await publish("before");
  await jest.advanceTimersByTimeAsync(4_999);
  const waiting = publish("within-the-window");
  await jest.advanceTimersByTimeAsync(0);
  expect(requested()).toEqual([["before"]]);
  await jest.advanceTimersByTimeAsync(5_000);
  await waiting;
  expect(requested()).toEqual([["before"], ["within-the-window"]]);
  await jest.advanceTimersByTimeAsync(5_000);
  await publish("after-the-window"); // no time passes: sent at once
  expect(requested()).toEqual([["before"], ["within-the-window"], ["after-the-window"]]);
});

test("gives each request 10 s before it is abandoned", async () => {
  const timeout = jest.spyOn(AbortSignal, "timeout");
  await publish("request-timeout");
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(timeout).toHaveBeenCalledWith(10_000);
  expect((fetchMock.mock.calls[0]?.[1] as RequestInit).signal).toBe(timeout.mock.results[0]?.value);
});

test("waits 1 s before the first retry and 2 s before the second", async () => {
  jest.spyOn(Math, "random").mockReturnValue(0); // no spread: the waits are exactly the schedule
  answers = [503, 503, 202];
  const done = publish("retry-base");
  await jest.advanceTimersByTimeAsync(0);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(999);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(1_999);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(1);
  expect(fetchMock).toHaveBeenCalledTimes(3);
  await done;
  expect(logger.info).toHaveBeenCalledWith("Rebuild requested", expect.objectContaining({ status: 202, attempts: 3 }));
});
