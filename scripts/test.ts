// `npm test`: every check of the project in order, stopping at the first failure:
// type check, lint, formatting, unit tests, integration tests (real Firestore emulator), production build,
// end-to-end tests (Chromium against that build). The last line is "N passed, N failed".
// The production build also writes the query types (src/gatsby-types.d.ts), and fails if they changed:
// the type check, first of all, read the committed ones (docs/commands.md, Typed queries).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { chromePath } from "./chrome-path.ts";
import { emulatorBinary } from "./emulator.ts";
import { parseCommandLine } from "./lib/cli.ts";
import { readGeneratedTypes, staleTypesProblem, TYPEGEN_ENV } from "./lib/generated-types.ts";
import { PROJECT_ROOT } from "./lib/root.ts";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Stage {
  name: string;
  /** Checks that a tool the stage needs is there; throws a message saying what to install. */
  before?: () => unknown;
  command: [string, ...string[]];
  /** Variables the command gets besides the usual ones. */
  env?: Record<string, string>;
  /** After the command succeeded: what is still wrong, which fails the stage, or null. */
  check?: () => string | null;
  /** The stage's test counts, read from its JSON report. */
  counts?: () => Counts;
}

parseCommandLine({
  usage: "npm test",
  summary:
    "Runs every check in order and stops at the first failure: type check, lint, formatting, unit tests,\n" +
    'integration tests (Firestore emulator), production build, end-to-end tests. The last line\nis "N passed, N failed".',
  options: {},
});

const reports = path.join(PROJECT_ROOT, "reports");
/** The generated query types as npm test found them, before any stage could write them. */
const typesAtStart = readGeneratedTypes(PROJECT_ROOT);
const bin = (name: string): string => path.join(PROJECT_ROOT, "node_modules", ".bin", name);

function jestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numRuntimeErrorTestSuites: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file: string): Counts {
  const { stats } = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

const stages: Stage[] = [
  { name: "type check", command: [bin("tsc"), "--noEmit"] },
  { name: "lint", command: [bin("eslint"), "--max-warnings=0", "."] },
  { name: "format", command: [bin("prettier"), "--check", "."] },
  {
    name: "unit tests",
    command: [bin("jest"), "--selectProjects", "unit", "--json", `--outputFile=${path.join(reports, "unit.json")}`],
    counts: () => jestCounts(path.join(reports, "unit.json")),
  },
  {
    name: "integration tests (Firestore emulator)",
    before: () => emulatorBinary(),
    command: [
      bin("jest"),
      "--selectProjects",
      "integration",
      "--runInBand",
      "--json",
      `--outputFile=${path.join(reports, "integration.json")}`,
    ],
    counts: () => jestCounts(path.join(reports, "integration.json")),
  },
  {
    name: "production build",
    command: [bin("gatsby"), "build"],
    env: TYPEGEN_ENV,
    check: () => staleTypesProblem(typesAtStart, readGeneratedTypes(PROJECT_ROOT)),
  },
  {
    name: "end-to-end tests (Chromium)",
    before: () => chromePath(),
    command: [bin("playwright"), "test"],
    counts: () => playwrightCounts(path.join(reports, "e2e.json")),
  },
];

/** Runs a command in the project with the terminal attached; resolves with its exit status. */
function run([command, ...args]: [string, ...string[]], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      stdio: "inherit",
      env: {
        ...process.env,
        GATSBY_TELEMETRY_DISABLED: "1",
        METADATA_SERVER_DETECTION: "none",
        FORCE_COLOR: process.env.FORCE_COLOR ?? "0",
        ...env,
      },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
let ok = true;

for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  let code: number;
  try {
    stage.before?.();
    code = await run(stage.command, stage.env);
    const problem = code === 0 ? (stage.check?.() ?? null) : null;
    if (problem !== null) {
      console.error(`\n${stage.name}: ${problem}`);
      code = 1;
    }
  } catch (error) {
    console.error(`\n${stage.name}: ${(error as Error).message}`);
    code = 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts: Counts | null = null;
  if (stage.counts) {
    try {
      counts = stage.counts();
    } catch {
      counts = null;
    }
  }
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  // A stage that failed without failing a counted test (a crash, a missing tool) still counts once.
  if (code !== 0 && (!counts || counts.failed === 0)) total.failed += 1;
  const detail = counts ? ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)` : "";
  lines.push(`${code === 0 ? "ok  " : "FAIL"} ${stage.name}${detail} in ${seconds} s`);
  if (code !== 0 || (counts && counts.skipped > 0)) {
    if (counts && counts.skipped > 0) console.error(`${stage.name}: skipped tests are not allowed.`);
    ok = false;
    break;
  }
}

console.log(`\n=== summary ===\n${lines.join("\n")}`);
if (!existsSync(path.join(reports, "e2e.json")) && ok) console.log("(no end-to-end report written)");
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(ok ? 0 : 1);
