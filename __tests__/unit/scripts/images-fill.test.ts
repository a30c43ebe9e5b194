/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkStore } from "../../../src/node/image-store/verify.ts";

// `npm run images:fill` as a real process on the sample content (8 distinct covers, 3 encodings
// each: card, article, sharing image) into a scratch store.

const ROOT = path.resolve(__dirname, "../../..");
const COVERS = 8;

let store: string;
beforeEach(async () => {
  store = await mkdtemp(path.join(tmpdir(), "images-fill-"));
});
afterEach(() => rm(store, { recursive: true, force: true }));

function fill(...args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ["scripts/images-fill.ts", "--json", ...args], {
    cwd: ROOT,
    env: { ...process.env, IMAGE_STORE_DIR: store, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, done: new Promise((resolve) => child.on("exit", (code) => resolve({ code, output }))) };
}

const summaryOf = (output: string): { covers: number; encodings: number; failed: number } =>
  JSON.parse(output.trim().split("\n").at(-1)!);

/** Resolves once `condition` holds, looking again every 50 ms (the fill gives no other signal of its progress on disk). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

const records = (): number =>
  existsSync(path.join(store, "images"))
    ? readdirSync(path.join(store, "images")).filter((key) =>
        existsSync(path.join(store, "images", key, "record.json")),
      ).length
    : 0;

test("fills an empty store with every cover, then finds nothing to do", async () => {
  const first = await fill().done;
  expect(first.code).toBe(0);
  expect(summaryOf(first.output)).toMatchObject({ covers: COVERS, encodings: COVERS * 3, failed: 0 });
  expect(first.output).toMatch(/\d+\/8 done, [\d.]+ covers\/s, \d+m\d\ds left/);
  const again = await fill().done;
  expect(summaryOf(again.output)).toMatchObject({ covers: COVERS, encodings: 0 });
}, 60_000);

test("an interrupted fill leaves a valid store, and the next one does only what is left", async () => {
  const killed = fill("--concurrency", "1");
  await until(() => records() >= 2);
  killed.child.kill("SIGKILL");
  expect((await killed.done).code).toBeNull();
  const after = await checkStore(store);
  expect(after.missing).toEqual([]);
  const resumed = await fill().done;
  expect(resumed.code).toBe(0);
  const { encodings } = summaryOf(resumed.output);
  expect(encodings).toBeLessThan(COVERS * 3);
  expect(encodings).toBeGreaterThan(0);
  const check = await checkStore(store);
  expect({ ...check, complete: check.complete.length, temporary: undefined }).toEqual({
    complete: COVERS * 3,
    incomplete: [],
    missing: [],
    temporary: undefined,
  });
}, 60_000);

test("two fills at once, in two processes, leave a valid, complete store", async () => {
  const [a, b] = await Promise.all([fill().done, fill().done]);
  expect([a.code, b.code]).toEqual([0, 0]);
  const check = await checkStore(store);
  expect({ ...check, complete: check.complete.length }).toEqual({
    complete: COVERS * 3,
    incomplete: [],
    missing: [],
    temporary: [],
  });
}, 60_000);

test("shards split the covers without overlap", async () => {
  const [a, b] = await Promise.all([fill("--shard", "0/2").done, fill("--shard", "1/2").done]);
  expect(summaryOf(a.output).covers + summaryOf(b.output).covers).toBe(COVERS);
  expect(summaryOf(a.output).encodings + summaryOf(b.output).encodings).toBe(COVERS * 3);
}, 60_000);
