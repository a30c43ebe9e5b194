/** @jest-environment node */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import * as publishing from "@kindred/publishing";

// @kindred/publishing's one entry: what the rebuild service, the Cloud Functions, the source plugin
// and the site's build import from it by name. Every name it exports must be something, each the
// very thing its module defines, and every name those importers ask for must be there; a name
// missing from the entry would only show when the service or a function starts, or is bundled.

const ROOT = path.join(__dirname, "../../../../..");
/** The names the entry exports (Jest's CommonJS adds its __esModule marker). */
const exported = (): string[] => Object.keys(publishing).filter((name) => name !== "__esModule");
const INDEX = path.join(ROOT, "packages/publishing/src/index.ts");

/** The value names (not types) in a list of import or export specifiers: "a, type B, c as d" → a, c. */
const valueNames = (list: string): string[] =>
  list
    .split(",")
    .map((specifier) => specifier.trim())
    .filter((specifier) => specifier && !specifier.startsWith("type "))
    .map((specifier) => specifier.split(/\s+as\s+/)[0]!);

/** What index.ts re-exports, by the module it takes each list from. */
function reExports(): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  const source = readFileSync(INDEX, "utf8");
  for (const [, list, module] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g))
    lists.set(module!, [...(lists.get(module!) ?? []), ...valueNames(list!)]);
  return lists;
}

/** The tracked TypeScript files outside the tests, and the value names each imports from the package. */
function importers(): Map<string, string[]> {
  const files = execFileSync("git", ["ls-files", "-z", "--", "*.ts", "*.tsx", "*.mts"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && !file.startsWith("__tests__/"));
  const found = new Map<string, string[]>();
  for (const file of files) {
    let source: string;
    try {
      source = readFileSync(path.join(ROOT, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    for (const [, typeOnly, list] of source.matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@kindred\/publishing["']/g,
    )) {
      if (!typeOnly) found.set(file, [...(found.get(file) ?? []), ...valueNames(list!)]);
    }
  }
  return found;
}

describe("@kindred/publishing", () => {
  it("is packages/publishing/src/index.ts, the one entry its package.json exports", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "packages/publishing/package.json"), "utf8")) as {
      exports: Record<string, string>;
    };
    expect(manifest.exports).toEqual({ ".": "./src/index.ts" });
    expect(realpathSync(require.resolve("@kindred/publishing"))).toBe(realpathSync(INDEX));
  });

  it("exports nothing that is undefined", () => {
    const names = exported();
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => publishing[name as keyof typeof publishing] === undefined)).toEqual([]);
  });

  it("exports each name as the very thing its module defines, and nothing else", () => {
    const listed: string[] = [];
    const differing: string[] = [];
    for (const [module, names] of reExports()) {
      const own = jest.requireActual<Record<string, unknown>>(path.join(path.dirname(INDEX), module));
      for (const name of names) {
        listed.push(name);
        if (own[name] === undefined || own[name] !== publishing[name as keyof typeof publishing])
          differing.push(`${name} (${module})`);
      }
    }
    expect(differing).toEqual([]);
    expect(exported().sort()).toEqual([...listed].sort());
    expect([...reExports().keys()].sort()).toEqual([
      "./article-status-writer.ts",
      "./build-report.ts",
      "./feed-items.ts",
      "./schedule/firestore-store.ts",
      "./schedule/job.ts",
      "./schedule/plan.ts",
      "./schedule/status.ts",
      "./signature.ts",
      "./transaction.ts",
    ]);
  });

  it("has every name the service, the functions, the source plugin and the site's build import from it", () => {
    const found = importers();
    const files = [...found.keys()];
    // The scan finds the importers it is meant for: not an empty pass.
    expect(files).toEqual(
      expect.arrayContaining([
        "webhook/server.ts",
        "webhook/lib/pipeline.ts",
        "webhook/lib/schedule/service.ts",
        "webhook/trigger/src/post-rebuild.ts",
        "webhook/trigger/src/schedule/function.ts",
        "plugins/gatsby-source-firestore/src/source-nodes.ts",
      ]),
    );
    const missing = [...found].flatMap(([file, names]) =>
      names.filter((name) => !exported().includes(name)).map((name) => `${name} (imported by ${file})`),
    );
    expect(missing).toEqual([]);
    expect(found.get("webhook/server.ts")).toEqual(["TOLERANCE_SECONDS"]);
    expect(found.get("webhook/lib/schedule/service.ts")).toEqual(["firestoreScheduleStore", "runScheduleJob"]);
  });
});
