/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// Every module should have a test named after it, where a reader of the module looks for one: at the
// module's own path under __tests__/unit/ or __tests__/integration/, with `.test.ts(x)` for its extension
// (docs/tests.md). A module is a TypeScript file of the site, the source plugin, a package or the rebuild
// service. This counts them, and holds the share to a floor: a budget, not a timing.

const ROOT = path.join(__dirname, "..", "..");
const MODULE_FOLDERS = ["src/", "plugins/", "packages/", "webhook/"];
/** The share of modules that must have a test named after them. */
const FLOOR = 0.9;

const tracked = (): string[] =>
  execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(path.join(ROOT, file)));

/** The site's modules: TypeScript under the module folders, declaration files left out. */
export function modulesOf(files: string[]): string[] {
  return files.filter(
    (file) =>
      MODULE_FOLDERS.some((folder) => file.startsWith(folder)) &&
      /\.tsx?$/.test(file) &&
      !file.endsWith(".d.ts") &&
      !file.includes("/node_modules/"),
  );
}

/** The paths a test named after `module` may have. */
export function testPathsOf(module: string): string[] {
  const stem = module.replace(/\.tsx?$/, "");
  return ["unit", "integration"].flatMap((kind) =>
    ["ts", "tsx"].map((extension) => `__tests__/${kind}/${stem}.test.${extension}`),
  );
}

describe("tests beside their subject", () => {
  it("names the test of a module after its path", () => {
    expect(testPathsOf("src/lib/dates.ts")).toContain("__tests__/unit/src/lib/dates.test.ts");
    expect(testPathsOf("packages/article/src/components/BlockList.tsx")).toContain(
      "__tests__/unit/packages/article/src/components/BlockList.test.tsx",
    );
    expect(modulesOf(["src/lib/a.ts", "src/types/b.d.ts", "scripts/c.ts", "docs/d.md"])).toEqual(["src/lib/a.ts"]);
  });

  it(`gives at least ${FLOOR * 100}% of modules a test named after them`, () => {
    const files = tracked();
    const present = new Set(files);
    const modules = modulesOf(files);
    const untested = modules.filter((module) => !testPathsOf(module).some((test) => present.has(test)));
    const share = (modules.length - untested.length) / modules.length;
    // The list says which modules to give a test when the share falls short.
    expect({ share: share >= FLOOR, untested: share >= FLOOR ? [] : untested }).toEqual({ share: true, untested: [] });
  });
});
