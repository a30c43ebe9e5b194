/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The functions are deployed the way the Firebase CLI deploys a codebase: firebase.json's predeploy
// hook runs `npm run build:functions` (webhook/trigger/build.ts: a type-check with the codebase's
// own tsconfig, then one esbuild bundle), and the CLI loads package.json's "main". This builds into
// a scratch folder laid out like the deployed one and loads the result in a plain Node process, as
// the CLI's discovery step would. integration/functions-deploy.test.ts installs such a folder on its
// own from the registry.
const codebase = path.resolve(__dirname, "../../../../webhook/trigger");
const root = path.resolve(__dirname, "../../../..");

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "trigger-codebase-"));
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test("firebase.json deploys the codebase on Node 24 after building it, and uploads only what runs", () => {
  const firebase = JSON.parse(readFileSync(path.join(root, "firebase.json"), "utf8")) as {
    functions: Record<string, unknown>[];
  };
  const pkg = JSON.parse(readFileSync(path.join(codebase, "package.json"), "utf8")) as Record<string, unknown>;
  const rootPkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  expect(firebase.functions).toEqual([
    expect.objectContaining({
      source: "webhook/trigger",
      runtime: "nodejs24",
      predeploy: ['npm --prefix "$RESOURCE_DIR/../.." run build:functions'],
      ignore: expect.arrayContaining(["node_modules", "src", "build.ts", "tsconfig.json"]),
    }),
  ]);
  expect(rootPkg.scripts["build:functions"]).toBe("node webhook/trigger/build.ts");
  expect(pkg).toMatchObject({ main: "lib/index.js", engines: { node: "24" } });
  // Cloud Build would run a "build" script in the uploaded folder, which has no sources to build.
  expect(pkg).not.toHaveProperty("scripts.build");
});

test("the build type-checks and bundles the codebase, and its main exports the functions", () => {
  const lib = path.join(scratch, "lib");
  const built = execFileSync(process.execPath, [path.join(codebase, "build.ts"), "--outdir", lib], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  expect(built).toMatch(/index\.js: [\d.]+ kB, \d+ modules \(\d+ of them from packages\/\)/);

  // The scratch copy is laid out like the deployed folder: package.json beside lib/, dependencies resolvable.
  copyFileSync(path.join(codebase, "package.json"), path.join(scratch, "package.json"));
  symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"), "dir");
  const main = path.join(
    scratch,
    (JSON.parse(readFileSync(path.join(scratch, "package.json"), "utf8")) as { main: string }).main,
  );
  expect(existsSync(main)).toBe(true);
  // The shared code is inside the bundle, not an import the uploaded folder could not resolve.
  expect(readFileSync(main, "utf8")).not.toMatch(/from\s*["']@kindred\//);

  const probe = `const m = require(${JSON.stringify(main)});
    const fn = m.requestRebuild;
    const schedule = m.publishOnSchedule && m.publishOnSchedule.__endpoint;
    const post = m.requestRebuildForPost && m.requestRebuildForPost.__endpoint;
    console.log(JSON.stringify({ exports: Object.keys(m), type: typeof fn, endpoint: fn && fn.__endpoint, schedule, post }));`;
  const loaded = JSON.parse(
    execFileSync(process.execPath, ["-e", probe], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }),
  ) as {
    exports: string[];
    type: string;
    endpoint: { eventTrigger?: { eventType?: string; eventFilterPathPatterns?: Record<string, string> } };
    schedule?: { scheduleTrigger?: { schedule?: string } };
    post?: { eventTrigger?: { eventType?: string; eventFilterPathPatterns?: Record<string, string> } };
  };
  expect(loaded.exports).toContain("requestRebuild");
  expect(loaded.type).toBe("function");
  expect(loaded.endpoint.eventTrigger).toMatchObject({
    eventType: "google.cloud.firestore.document.v1.written",
    eventFilterPathPatterns: { document: "blogMetaData/{id}" },
  });
  // The build reads an article's text from its blog post, so a change there asks for a rebuild too.
  expect(loaded.post?.eventTrigger).toMatchObject({
    eventType: "google.cloud.firestore.document.v1.written",
    eventFilterPathPatterns: { document: "blog/{id}" },
  });
  // Scheduled publishing's managed clock: Cloud Scheduler runs it every minute (docs/scheduling.md).
  expect(loaded.schedule?.scheduleTrigger).toMatchObject({ schedule: "every 1 minutes" });
}, 60_000);
