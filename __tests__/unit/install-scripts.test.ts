/** @jest-environment node */
// npm 11 runs a dependency's install scripts (preinstall, install, postinstall) only as far as
// package.json's `allowScripts` allows them, and a stricter npm will skip every one it does not
// list. So every dependency whose scripts the lock file records must have a decision there, true
// or false, and a new dependency with install scripts fails this test until someone decides
// (docs/install-scripts.md says how).
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));

interface LockEntry {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
}

/** The locked packages that have install scripts, as `name@version`. */
function withInstallScripts(lock: { packages: Record<string, LockEntry> }): { name: string; version: string }[] {
  return Object.entries(lock.packages)
    .filter(([where, entry]) => where !== "" && entry.hasInstallScript === true)
    .map(([where, entry]) => ({
      // An aliased package records its real name; otherwise the name is the path after node_modules/.
      name: entry.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length),
      version: entry.version ?? "",
    }));
}

/** The decisions of `allowScripts` that cover a package: its name alone, or its name with a version. */
const decisionsFor = (allowScripts: Record<string, unknown>, name: string): unknown[] =>
  Object.entries(allowScripts)
    .filter(([key]) => key === name || key.startsWith(`${name}@`))
    .map(([, decision]) => decision);

test("every dependency with install scripts has a decision in allowScripts", () => {
  const lock = read("package-lock.json") as { packages: Record<string, LockEntry> };
  const { allowScripts = {} } = read("package.json") as { allowScripts?: Record<string, unknown> };
  const packages = withInstallScripts(lock);
  expect(packages.length).toBeGreaterThan(0);
  const undecided = packages
    .filter(({ name }) => decisionsFor(allowScripts, name).length === 0)
    .map(({ name, version }) => `${name}@${version}`);
  expect(undecided).toEqual([]);
  const notBoolean = Object.entries(allowScripts).filter(([, decision]) => typeof decision !== "boolean");
  expect(notBoolean).toEqual([]);
});
