/** @jest-environment node */
import functionsTest from "firebase-functions-test";
import { requestRebuild } from "../../../../../webhook/trigger/src/index.ts";

// The Firestore trigger's timings when nothing overrides them: a 5 s quiet window (a batch waits at
// most 4 of them), a 10 s limit on each request, and a first retry wait of 1 s that then doubles.
// The webhook is replaced by a stand-in `fetch`; the clock is Jest's.

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

let answers: number[] = [];
let fetchMock: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  answers = [];
  fetchMock = jest
    .spyOn(globalThis, "fetch")
    .mockImplementation(() => Promise.resolve(new Response("{}", { status: answers.shift() ?? 202 })));
  for (const level of ["debug", "info", "warn", "error"] as const)
    jest.spyOn(logger, level).mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

afterAll(() => testEnv.cleanup());

test("sends the request 5 s after the last write, not before", async () => {
  const done = publish("quiet-window");
  await jest.advanceTimersByTimeAsync(4_999);
  expect(fetchMock).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await done;
  expect(logger.info).toHaveBeenCalledWith("Rebuild requested", expect.objectContaining({ status: 202, attempts: 1 }));
});

test("under writes that never leave 5 s of quiet, still sends at 20 s (4 windows)", async () => {
  const writes: Promise<unknown>[] = [];
  for (let second = 0; second < 20; second += 4) {
    writes.push(publish(`steady-${second}`));
    await jest.advanceTimersByTimeAsync(second === 16 ? 3_999 : 4_000);
  }
  // 19.999 s after the first write, with the last one 3.999 s ago.
  expect(fetchMock).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await Promise.all(writes);
});

test("gives each request 10 s before it is abandoned", async () => {
  const timeout = jest.spyOn(AbortSignal, "timeout");
  const done = publish("request-timeout");
  await jest.advanceTimersByTimeAsync(5_000);
  await done;
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(timeout).toHaveBeenCalledWith(10_000);
  expect((fetchMock.mock.calls[0]?.[1] as RequestInit).signal).toBe(timeout.mock.results[0]?.value);
});

test("waits 1 s before the first retry and 2 s before the second", async () => {
  jest.spyOn(Math, "random").mockReturnValue(0); // no spread: the waits are exactly the schedule
  answers = [503, 503, 202];
  const done = publish("retry-base");
  await jest.advanceTimersByTimeAsync(5_000);
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
