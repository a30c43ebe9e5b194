/** @jest-environment node */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The preflight that `npm start` runs first (scripts/check-node.cjs): on a Node older than 24 it must
// say, in one sentence, what the project needs and where the README explains it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeVersionProblem } = require("../../../scripts/check-node.cjs") as {
  nodeVersionProblem: (version: string) => string | null;
};

describe("check-node", () => {
  it("names Node.js 24 and the README's Prerequisites section on Node 20", () => {
    const problem = nodeVersionProblem("v20.20.2");
    expect(problem).toContain("needs Node.js 24");
    expect(problem).toContain("v20.20.2");
    expect(problem).toContain('"Prerequisites" in README.md');
  });

  it("lets Node 24 and later through", () => {
    expect(nodeVersionProblem("v24.0.0")).toBeNull();
    expect(nodeVersionProblem("v25.2.1")).toBeNull();
  });
});

// The real npm and the real scripts, run as under Node 20: a preloaded module makes the process
// (npm itself, then the scripts it starts) report that version, which is what npm's engine check
// and scripts/check-node.cjs read. Nothing is installed or built when the checks work.
describe("npm on a Node older than 24", () => {
  const ROOT = path.resolve(__dirname, "../../..");
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "old-node-"));
    const preload = path.join(dir, "node-20.cjs");
    writeFileSync(
      preload,
      'Object.defineProperty(process, "version", { value: "v20.20.2" });\n' +
        'Object.defineProperty(process.versions, "node", { value: "20.20.2" });\n',
    );
    env = { ...process.env, NODE_OPTIONS: `--require ${preload}`, npm_config_audit: "false", npm_config_fund: "false" };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs npm in the project; a run still going after `ms` is stopped with its whole process group. */
  function npm(
    args: string[],
    runEnv: NodeJS.ProcessEnv,
    ms = 60_000,
  ): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn("npm", args, { cwd: ROOT, env: runEnv, detached: true });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), ms);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it("npm install stops before installing anything, naming the Node.js it needs", async () => {
    const { code, output } = await npm(["install", "--dry-run", "--ignore-scripts"], env);
    expect(code).not.toBe(0);
    expect(output).toContain("EBADENGINE");
    expect(output).toContain('Required: {"node":">=24"}');
  }, 90_000);

  it("npm install goes ahead on this Node (so the refusal above is the version's doing)", async () => {
    const { code, output } = await npm(["install", "--dry-run", "--ignore-scripts"], process.env);
    expect({ code, badEngine: output.includes("EBADENGINE") }).toEqual({ code: 0, badEngine: false });
  }, 90_000);

  it("npm start stops at once with the sentence, before any build", async () => {
    const { code, output } = await npm(["start"], env);
    expect(code).toBe(1);
    expect(output).toContain(
      'This project needs Node.js 24 or later, and this is Node.js v20.20.2. See "Prerequisites" in README.md',
    );
    expect(output).not.toContain("gatsby build");
  }, 90_000);
});
