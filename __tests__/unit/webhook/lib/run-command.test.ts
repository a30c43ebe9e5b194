/** @jest-environment node */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signalGroup } from "../../../../webhook/lib/process-group.ts";
import { runCommand, type RunningCommand } from "../../../../webhook/lib/run-command.ts";
import { alive, until } from "../../../support/process-groups";

// The build and deploy commands run through the shell in a process group of their own: a timeout,
// a cancel or the shell's own end stops every worker they started, and `done` always settles.

let dir: string;
const commands: RunningCommand[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "run-command-"));
});
afterEach(() => {
  // What a failing test left running, SIGTERM ignored or not.
  for (const command of commands.splice(0)) signalGroup(command.pid, "SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `command` in the scratch folder, collecting its output. */
function run(command: string, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {}) {
  let output = "";
  const started = runCommand(command, {
    cwd: options.cwd ?? dir,
    env: options.env ?? { PATH: process.env.PATH },
    timeoutMs: options.timeoutMs ?? 60_000,
    onOutput: (text) => (output += text),
  });
  commands.push(started);
  return { ...started, output: () => output };
}

/** The pids a command printed, one a line, once it has printed `count` of them. */
async function printedPids(command: { output: () => string }, count: number): Promise<number[]> {
  const pids = () => (command.output().match(/^\d+$/gm) ?? []).map(Number);
  await until(() => pids().length >= count, `${count} pids printed`);
  return pids();
}

// A worker in the background, its output away from the shell's pipes, so that the shell may end first.
const WORKER = "sleep 300 >/dev/null 2>&1 & echo $!";

describe("runCommand", () => {
  it("passes on stdout and stderr as they come, and settles with the exit code", async () => {
    const command = run("echo to stdout; echo to stderr >&2; exit 3");
    expect(await command.done).toEqual({ code: 3, signal: null, timedOut: false, cancelled: false });
    expect(command.output()).toContain("to stdout\n");
    expect(command.output()).toContain("to stderr\n");
  });

  it("runs in the folder and with exactly the environment it is given", async () => {
    const command = run('pwd; echo "$BUILD_ID ${HOME-no home}"', { env: { PATH: process.env.PATH, BUILD_ID: "b1" } });
    expect((await command.done).code).toBe(0);
    expect(command.output()).toBe(`${realpathSync(dir)}\nb1 no home\n`);
  });

  it("leads a process group of its own, whose id is the pid it answers", async () => {
    const command = run("cut -d ' ' -f 5 /proc/$$/stat");
    await command.done;
    expect(Number(command.output().trim())).toBe(command.pid);
    expect(command.pid).not.toBe(process.pid);
  });

  it("stops the whole group when the time is up, and says it timed out", async () => {
    const command = run(`${WORKER}; wait`, { timeoutMs: 500 });
    const [worker] = await printedPids(command, 1);
    expect(await command.done).toEqual({ code: null, signal: "SIGTERM", timedOut: true, cancelled: false });
    await until(() => !alive(worker!), "the worker to stop");
  });

  it("stops the whole group when cancelled, and says it was cancelled", async () => {
    const command = run(`${WORKER}; ${WORKER}; wait`);
    const workers = await printedPids(command, 2);
    command.cancel();
    expect(await command.done).toEqual({ code: null, signal: "SIGTERM", timedOut: false, cancelled: true });
    await until(() => !workers.some(alive), "the workers to stop");
  });

  it("kills the workers that outlive the shell once it has ended", async () => {
    const command = run(WORKER);
    expect(await command.done).toMatchObject({ code: 0, timedOut: false, cancelled: false });
    const [worker] = await printedPids(command, 1);
    await until(() => !alive(worker!), "the leftover worker to be killed");
  });

  it("kills a group that ignores SIGTERM once the grace period of 10 s is over", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "Date"] });
    try {
      // An ignored signal stays ignored in what the shell starts: the worker ignores it too.
      const command = run(`trap '' TERM; ${WORKER}; wait`, { timeoutMs: 1000 });
      // The clock is fake: wait for the worker's pid on the event loop's turns instead.
      const deadline = Date.now() + 10_000;
      let worker: number | undefined;
      while (!(worker = (command.output().match(/^\d+$/m) ?? []).map(Number)[0])) {
        if (Date.now() > deadline) throw new Error("the worker never started");
        await new Promise((resolve) => setImmediate(resolve));
      }
      const ignoresTerm = (pid: number) =>
        (BigInt(`0x${/SigIgn:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]}`) >> 14n) & 1n;
      expect([ignoresTerm(command.pid!), ignoresTerm(worker)]).toEqual([1n, 1n]);
      jest.advanceTimersByTime(1000); // the timeout: SIGTERM, which the group ignores
      jest.advanceTimersByTime(9_999);
      expect([alive(command.pid!), alive(worker)]).toEqual([true, true]);
      jest.advanceTimersByTime(1); // the grace is over: SIGKILL
      expect(await command.done).toEqual({ code: null, signal: "SIGKILL", timedOut: true, cancelled: false });
      jest.useRealTimers();
      await until(() => !alive(worker), "the worker to be killed");
    } finally {
      jest.useRealTimers();
    }
  });

  it("settles, never rejects, when the command cannot start, and says why", async () => {
    const command = run("true", { cwd: path.join(dir, "missing") });
    expect(await command.done).toEqual({ code: null, signal: null, timedOut: false, cancelled: false });
    expect(command.output()).toMatch(/ENOENT/);
  });
});
