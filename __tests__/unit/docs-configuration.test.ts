/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

// docs/configuration.md promises every environment variable the code reads. This test finds the
// names in the code the ways the code reads them, and fails naming each one the page leaves out.

const ROOT = path.join(__dirname, "../..");

/**
 * The parts of the project that run: the site, its plugins and packages, the scripts, the service, the functions
 * and the editors' console (whose `import.meta.env.VITE_X` reads as `env.VITE_X` below).
 */
const SOURCES =
  /^(webhook|scripts|plugins|src|packages|editors)\/.*\.(ts|tsx|mts|cts|js|cjs|mjs)$|^gatsby-[^/]*\.tsx?$|^[^/]*\.config\.[cm]?[jt]s$/;
const SHELL_SCRIPTS = [".ci/run"];

/** A variable's name, whole: `GATSBY_*` in a comment names none. */
const NAME = String.raw`([A-Z][A-Z0-9_]*[A-Z0-9])(?![\w*])`;
const QUOTED = String.raw`["'\x60]([A-Z][A-Z0-9_]*[A-Z0-9])["'\x60]`;
const pattern = (source: string): RegExp => new RegExp(source, "g");

/** Ways the code reads a variable by name; each captures the name. */
const READS = [
  pattern(String.raw`process\.env\.${NAME}`),
  pattern(String.raw`process\.env\[\s*${QUOTED}\s*\]`),
  // An environment object passed around as `env`, read directly or through a helper: integer(env, "PORT", …).
  pattern(String.raw`(?<![\w$])env\.${NAME}`),
  pattern(String.raw`(?<![\w$])env\[\s*${QUOTED}\s*\]`),
  pattern(String.raw`\(\s*env\s*,\s*${QUOTED}`),
  // Cloud Functions parameters (firebase-functions/params), which Firebase fills from the environment.
  pattern(String.raw`define(?:String|Secret|Int|Float|Boolean|List)\(\s*${QUOTED}`),
  // A name kept in a constant: export const REPORT_DIR_VARIABLE = "BUILD_REPORT_DIR".
  pattern(String.raw`_VARIABLE\s*=\s*${QUOTED}`),
];
/** const { REBUILD_SECRET: _secret, ...rest } = process.env */
const DESTRUCTURED = /\{([^{}]*)\}\s*=\s*process\.env\b/g;
const SHELL_READ = pattern(String.raw`\$\{?${NAME}`);
/** The system's own, which every program inherits. */
const SYSTEM = new Set(["PATH", "HOME"]);

/** Every variable name `text` reads, found the ways above. */
function variablesRead(text: string, shell = false): Set<string> {
  const names = new Set<string>();
  for (const pattern of shell ? [SHELL_READ] : READS) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  if (!shell) {
    for (const [, keys] of text.matchAll(DESTRUCTURED))
      for (const [, name] of keys!.matchAll(/(?<![\w.$])([A-Z][A-Z0-9_]*[A-Z0-9])\s*(?=[:,]|$)/g)) names.add(name!);
  }
  for (const name of SYSTEM) names.delete(name);
  return names;
}

function sourceFiles(): string[] {
  const tracked = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return tracked.split("\n").filter((file) => SOURCES.test(file) && !file.startsWith("webhook/trigger/lib/"));
}

/** Each variable the code reads, with the first file that reads it. */
function variablesInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (file: string, shell: boolean): void => {
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), "utf8");
    } catch {
      return; // listed by git, deleted in the working tree
    }
    for (const name of variablesRead(text, shell)) if (!found.has(name)) found.set(name, file);
  };
  for (const file of sourceFiles()) add(file, false);
  for (const file of SHELL_SCRIPTS) add(file, true);
  return found;
}

/** The names docs/configuration.md gives, each written as `NAME`. */
const documented = (): Set<string> =>
  new Set(
    [...readFileSync(path.join(ROOT, "docs", "configuration.md"), "utf8").matchAll(/`([A-Z][A-Z0-9_]*[A-Z0-9])`/g)].map(
      (match) => match[1]!,
    ),
  );

describe("docs/configuration.md", () => {
  it("lists every environment variable the code reads", () => {
    const listed = documented();
    const missing = [...variablesInCode()]
      .filter(([name]) => !listed.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it("finds the variables each way the code reads them", () => {
    const code = [
      "const a = process.env.SITE_URL;",
      'const b = process.env["GATSBY_STORE_URL"];',
      "const c = env.PUBLISH_DIR ?? env['BUILDS_DIR'];",
      'port: integer(env, "PORT", 8787, 0),',
      'const d = defineInt("REBUILD_DEBOUNCE_MS", {});',
      'export const REPORT_DIR_VARIABLE = "BUILD_REPORT_DIR";',
      "const { REBUILD_SECRET: _secret, NOTIFY_SECRET, ...rest } = process.env;",
      "const e = childEnv.NOT_READ + ENV.NOR_THIS + process.env.lower_case;",
      "// each `process.env.GATSBY_*` is written out",
    ].join("\n");
    expect([...variablesRead(code)].sort()).toEqual(
      [
        "BUILDS_DIR",
        "BUILD_REPORT_DIR",
        "GATSBY_STORE_URL",
        "NOTIFY_SECRET",
        "PORT",
        "PUBLISH_DIR",
        "REBUILD_DEBOUNCE_MS",
        "REBUILD_SECRET",
        "SITE_URL",
      ].sort(),
    );
    expect([...variablesRead('dir="${NODE24_DIR:-$HOME/.cache}"; export PATH="$dir:$PATH"', true)]).toEqual([
      "NODE24_DIR",
    ]);
  });
});
