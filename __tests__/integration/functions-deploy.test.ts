import { execFileSync, execSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";

// The Cloud Functions as Firebase deploys them. The CLI runs firebase.json's predeploy hooks, then
// uploads the codebase's folder, where Cloud Build installs package.json's dependencies (dev ones
// left out) and loads its "main". Nothing outside that folder goes up: code the functions share
// with the rebuild service (@kindred/publishing) must be inside lib/. So this runs the predeploy
// hooks, copies only package.json and lib/ into an empty folder, installs there from the npm
// registry, and loads the result in a plain Node process: every function the source exports must be
// a Cloud Function there.

const ROOT = path.resolve(__dirname, "../..");
const FIREBASE = JSON.parse(readFileSync(path.join(ROOT, "firebase.json"), "utf8")) as {
  functions: { source: string; predeploy?: string[] }[];
};
const [CODEBASE] = FIREBASE.functions;
const SOURCE = path.join(ROOT, CODEBASE!.source);
const ENTRY = path.join(SOURCE, "src", "index.ts");

interface Manifest {
  main: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

/** The names the source entry exports, read by the TypeScript checker with the codebase's own tsconfig. */
function sourceExports(): string[] {
  const configFile = ts.readConfigFile(path.join(SOURCE, "tsconfig.json"), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, SOURCE);
  const program = ts.createProgram([ENTRY], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!;
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => {
      // Types vanish at run time; only values are loaded.
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((symbol) => symbol.getName())
    .sort();
}

/** The bare module names a built file imports (static and dynamic), as written. */
function importedModules(code: string): string[] {
  const found = new Set<string>();
  for (const [, name] of code.matchAll(
    /(?:^|[\s;}])(?:import|export)\s*(?:[^"';]*?\sfrom\s*)?["']([^"'./][^"']*)["']/g,
  ))
    found.add(name!);
  for (const [, name] of code.matchAll(/\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g)) found.add(name!);
  return [...found].sort();
}

const packageOf = (name: string): string =>
  name
    .split("/")
    .slice(0, name.startsWith("@") ? 2 : 1)
    .join("/");
const isBuiltin = (name: string): boolean => name.startsWith("node:") || builtinModules.includes(name.split("/")[0]!);

let deployed: string;

beforeAll(() => {
  // As the Firebase CLI runs them: in the project folder, with RESOURCE_DIR naming the codebase.
  for (const command of CODEBASE!.predeploy ?? []) {
    execSync(command, {
      cwd: ROOT,
      env: { ...process.env, RESOURCE_DIR: SOURCE, PROJECT_DIR: ROOT },
      stdio: "pipe",
      timeout: 300_000,
    });
  }
  deployed = mkdtempSync(path.join(tmpdir(), "functions-deploy-"));
  cpSync(path.join(SOURCE, "package.json"), path.join(deployed, "package.json"));
  cpSync(path.join(SOURCE, "lib"), path.join(deployed, "lib"), { recursive: true });
}, 300_000);

afterAll(() => rmSync(deployed, { recursive: true, force: true }));

test("the deployable package.json names only registry packages, and nothing for the cloud to build", () => {
  const manifest = JSON.parse(readFileSync(path.join(deployed, "package.json"), "utf8")) as Manifest;
  const all = { ...manifest.dependencies, ...manifest.devDependencies };
  expect(Object.keys(all).filter((name) => name.startsWith("@kindred/"))).toEqual([]);
  expect(Object.entries(all).filter(([, range]) => /^(?:file|link|workspace):/.test(range))).toEqual([]);
  // Cloud Build runs a "build" script unless "gcp-build" says otherwise; the sources are not uploaded.
  if (manifest.scripts?.build !== undefined) expect(manifest.scripts["gcp-build"]).toBe("");
});

test("lib/ imports only Node's built-ins and the packages of its dependencies", () => {
  const manifest = JSON.parse(readFileSync(path.join(deployed, "package.json"), "utf8")) as Manifest;
  const files = readdirSync(path.join(deployed, "lib"), { recursive: true, encoding: "utf8" }).filter((file) =>
    /\.[cm]?js$/.test(file),
  );
  expect(files).toContain(path.relative("lib", manifest.main));
  const foreign = files.flatMap((file) =>
    importedModules(readFileSync(path.join(deployed, "lib", file), "utf8"))
      .filter((name) => !isBuiltin(name) && !(packageOf(name) in (manifest.dependencies ?? {})))
      .map((name) => `${name} (lib/${file})`),
  );
  expect(foreign).toEqual([]);
});

test("installed on its own, the folder loads every function the source exports, each a Cloud Function", () => {
  execFileSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund"], {
    cwd: deployed,
    stdio: "pipe",
    timeout: 600_000,
  });
  const manifest = JSON.parse(readFileSync(path.join(deployed, "package.json"), "utf8")) as Manifest;
  const probe = `const m = await import(${JSON.stringify(path.join(deployed, manifest.main))});
    console.log(JSON.stringify(Object.keys(m).sort().map((name) => {
      const value = m[name];
      return { name, type: typeof value, cloudFunction: Boolean(value && (value.__endpoint || value.__trigger)) };
    })));`;
  const loaded = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", probe], {
      cwd: deployed,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "", NODE_PATH: "" },
    }),
  ) as { name: string; type: string; cloudFunction: boolean }[];

  const expected = sourceExports();
  // The functions firebase.json deploys today; a new one joins both lists.
  expect(expected).toEqual([
    "previewLink",
    "publishArticle",
    "publishOnSchedule",
    "requestRebuild",
    "requestRebuildForPost",
    "requestSiteRebuild",
    "restoreArticleVersion",
    "saveArticle",
    "scheduleArticle",
    "unpublishArticle",
  ]);
  expect(loaded).toEqual(expected.map((name) => ({ name, type: "function", cloudFunction: true })));
}, 900_000);
