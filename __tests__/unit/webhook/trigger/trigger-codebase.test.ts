/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";

// The trigger is deployed the way the Firebase CLI deploys a TypeScript codebase: `npm run build`
// (tsc, from the predeploy hook) writes lib/, and the CLI loads package.json's "main". This builds
// the codebase from its own tsconfig with the project's TypeScript into a scratch folder, then loads
// the result in a plain Node process, as the CLI's discovery step would.
const codebase = path.resolve(__dirname, "../../../../webhook/trigger");
const root = path.resolve(__dirname, "../../../..");

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "trigger-codebase-"));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("firebase.json deploys the codebase on Node 24 after building it", () => {
  const firebase = JSON.parse(readFileSync(path.join(root, "firebase.json"), "utf8")) as {
    functions: Record<string, unknown>[];
  };
  const pkg = JSON.parse(readFileSync(path.join(codebase, "package.json"), "utf8")) as Record<string, unknown>;
  expect(firebase.functions).toEqual([
    expect.objectContaining({
      source: "webhook/trigger",
      runtime: "nodejs24",
      predeploy: ['npm --prefix "$RESOURCE_DIR" run build'],
    }),
  ]);
  expect(pkg).toMatchObject({ main: "lib/index.js", engines: { node: "24" }, scripts: { build: "tsc" } });
});

test("the codebase compiles with its own tsconfig and its main exports the Firestore trigger", () => {
  const configFile = ts.readConfigFile(path.join(codebase, "tsconfig.json"), (file) => ts.sys.readFile(file));
  expect(configFile.error).toBeUndefined();
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, codebase, {
    outDir: path.join(scratch, "lib"),
    noEmit: false,
  });
  expect(parsed.errors).toEqual([]);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const result = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].map((diagnostic) =>
    ts.formatDiagnostic(diagnostic, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => codebase,
      getNewLine: () => "\n",
    }),
  );
  expect(diagnostics).toEqual([]);

  // The scratch copy is laid out like the deployed folder: package.json beside lib/, dependencies resolvable.
  copyFileSync(path.join(codebase, "package.json"), path.join(scratch, "package.json"));
  symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"), "dir");
  const main = path.join(
    scratch,
    (JSON.parse(readFileSync(path.join(scratch, "package.json"), "utf8")) as { main: string }).main,
  );
  expect(existsSync(main)).toBe(true);

  const probe = `const m = require(${JSON.stringify(main)});
    const fn = m.requestRebuild;
    const schedule = m.publishOnSchedule && m.publishOnSchedule.__endpoint;
    console.log(JSON.stringify({ exports: Object.keys(m), type: typeof fn, endpoint: fn && fn.__endpoint, schedule }));`;
  const loaded = JSON.parse(
    execFileSync(process.execPath, ["-e", probe], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }),
  ) as {
    exports: string[];
    type: string;
    endpoint: { eventTrigger?: { eventType?: string; eventFilterPathPatterns?: Record<string, string> } };
    schedule?: { scheduleTrigger?: { schedule?: string } };
  };
  expect(loaded.exports).toContain("requestRebuild");
  expect(loaded.type).toBe("function");
  expect(loaded.endpoint.eventTrigger).toMatchObject({
    eventType: "google.cloud.firestore.document.v1.written",
    eventFilterPathPatterns: { document: "blogMetaData/{id}" },
  });
  // Scheduled publishing's managed clock: Cloud Scheduler runs it every minute (docs/scheduling.md).
  expect(loaded.schedule?.scheduleTrigger).toMatchObject({ schedule: "every 1 minutes" });
}, 60_000);
