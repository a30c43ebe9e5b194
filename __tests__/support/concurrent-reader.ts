import { spawn } from "node:child_process";

// A reader in a process of its own, reading a file as fast as it can while the test changes it, so
// that the two really run at the same time: for the rebuild service's atomic writes and swaps
// (webhook/lib/publish.ts, releases.ts), where a reader must see the old or the new, never a part.

// Reads `file` in a loop until its stdin ends, then prints what it saw: each read's content (a long
// one as "<first character>x<length>"), and the error code of each read that failed.
const READER = `
  const fs = require("node:fs");
  const [file] = process.argv.slice(1);
  const seen = new Map();
  const failures = new Map();
  let reads = 0;
  let told = false;
  process.stdin.on("end", () => {
    console.log(JSON.stringify({ reads, seen: Object.fromEntries(seen), failures: Object.fromEntries(failures) }));
    process.exit(0);
  });
  process.stdin.resume();
  const loop = () => {
    for (let i = 0; i < 100; i += 1) {
      reads += 1;
      try {
        const text = fs.readFileSync(file, "utf8");
        const key = text.length <= 64 ? text : text[0] + "x" + text.length;
        seen.set(key, (seen.get(key) || 0) + 1);
      } catch (error) {
        failures.set(error.code, (failures.get(error.code) || 0) + 1);
      }
    }
    if (!told && seen.size >= 2) {
      told = true;
      process.stdout.write("both\\n");
    }
    setImmediate(loop);
  };
  process.stdout.write("ready\\n");
  loop();
`;

/** What the reader saw: how many reads, how often each content (a long one as "<first character>x<length>"), the failed reads by error code. */
export interface Reading {
  reads: number;
  seen: Record<string, number>;
  failures: Record<string, number>;
}

/**
 * Runs `change(i)` over and over while another process reads `file`, until the reader has seen two
 * different contents and at least `minimum` changes were made; answers what the reader saw.
 */
export async function readWhileChanging(file: string, change: (i: number) => void, minimum = 300): Promise<Reading> {
  const reader = spawn(process.execPath, ["-e", READER, file], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  const wait = (word: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (output.includes(`${word}\n`)) resolve();
      };
      reader.stdout.on("data", check);
      reader.on("exit", () => reject(new Error(`the reader exited before "${word}": ${output}`)));
      check();
    });
  reader.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await wait("ready");
  let both = false;
  void wait("both").then(() => (both = true));
  const deadline = Date.now() + 20_000;
  for (let i = 0; !both || i < minimum; i += 1) {
    if (Date.now() > deadline) throw new Error(`the reader never saw two contents: ${output}`);
    change(i);
    // Lets the reader's messages in.
    if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const ended = new Promise<void>((resolve) => reader.on("exit", () => resolve()));
  reader.stdin.end();
  await ended;
  return JSON.parse(output.trim().split("\n").at(-1)!) as Reading;
}
