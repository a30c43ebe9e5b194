/** @jest-environment node */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

// The rebuild service runs on a server installed with `npm ci --omit=dev`: every package it imports
// as it runs must be in `dependencies`, or it cannot start there. firebase-admin once sat in
// devDependencies while the service imported it at start. The build the service runs (gatsby and
// the site's own code) is checked by `npm ci` itself, through the postinstall step. The workspace
// packages it imports by name (@kindred/publishing) are linked by that same install, with their own
// dependencies: their files are walked too, and what they import may be in their own manifest.

const ROOT = path.resolve(__dirname, "../../..");
const ENTRY = path.join(ROOT, "webhook", "server.ts");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The modules a file imports when it runs (type-only imports left out), as written. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statements = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g;
  for (const [, , typeOnly, specifier] of source.matchAll(statements)) if (!typeOnly) found.push(specifier!);
  for (const [, specifier] of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(specifier!);
  return found;
}

/** The package a bare specifier names: "firebase-admin/app" is "firebase-admin", "@a/b/c" is "@a/b". */
const packageOf = (specifier: string): string =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

interface Manifest {
  dependencies?: Record<string, string>;
  /** The entry, or the entry by export condition. */
  exports?: { ".": string | Record<string, string> };
}

/** The file Node loads for a workspace package's entry: the "node" condition's, else the default. */
function nodeEntryOf(exports: NonNullable<Manifest["exports"]>): string {
  const entry = exports["."];
  return typeof entry === "string" ? entry : (entry.node ?? entry.default!);
}

/** The workspace package (packages/*) that `name` links to, with its folder and manifest; else null. */
function workspaceOf(name: string): { dir: string; manifest: Manifest } | null {
  const link = path.join(ROOT, "node_modules", name);
  if (!existsSync(link)) return null;
  const dir = realpathSync(link);
  if (!dir.startsWith(path.join(ROOT, "packages") + path.sep)) return null;
  return { dir, manifest: JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest };
}

/**
 * Every package the service's own files import, with the files that import it, walking its relative
 * imports from the entry point and into the workspace packages it imports by name.
 */
function packagesImportedFrom(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) {
        const target = path.resolve(path.dirname(file), specifier);
        const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")];
        const found = candidates.find((candidate) => existsSync(candidate) && candidate.endsWith(".ts"));
        if (found) queue.push(found);
      } else if (!specifier.startsWith("node:") && !builtinModules.includes(specifier)) {
        const name = packageOf(specifier);
        packages.set(name, [...(packages.get(name) ?? []), path.relative(ROOT, file)]);
        const workspace = workspaceOf(name);
        if (workspace?.manifest.exports) queue.push(path.join(workspace.dir, nodeEntryOf(workspace.manifest.exports)));
      }
    }
  }
  return packages;
}

/** Whether the server's `npm ci --omit=dev` installs `name` for `file`: the root's or its workspace's dependency. */
function installedFor(name: string, file: string): boolean {
  if (name in manifest.dependencies || workspaceOf(name)) return true;
  const [top, folder] = file.split("/");
  if (top !== "packages" || !folder) return false;
  const own = JSON.parse(readFileSync(path.join(ROOT, "packages", folder, "package.json"), "utf8")) as Manifest;
  return name in (own.dependencies ?? {});
}

describe("the rebuild service's runtime dependencies", () => {
  const imported = packagesImportedFrom(ENTRY);

  it("reads type-only imports as such, and finds the packages behind subpaths", () => {
    expect(runtimeImports(`import type { A } from "x";\nimport { b } from "y/sub";\nexport * from "./z.ts";`)).toEqual([
      "y/sub",
      "./z.ts",
    ]);
    expect(packageOf("@firebase/app/dist")).toBe("@firebase/app");
  });

  it("imports firebase-admin as it runs", () => {
    expect(imported.has("firebase-admin")).toBe(true);
  });

  it("walks into the workspace packages it imports by name, through the entry Node loads", () => {
    expect(imported.get("@kindred/publishing")).toEqual(expect.arrayContaining(["webhook/server.ts"]));
    // The article core's entry for Node leaves its React components out: the service never loads react.
    expect(imported.get("sanitize-html")).toEqual([expect.stringMatching(/^packages\/article\/src\//)]);
    expect(imported.has("react")).toBe(false);
    expect(imported.get("firebase-admin")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^packages\/publishing\/src\//)]),
    );
  });

  it("finds every package it imports in dependencies, none only in devDependencies", () => {
    const missing = [...imported].flatMap(([name, files]) =>
      files.filter((file) => !installedFor(name, file)).map((file) => `${name} (imported by ${file})`),
    );
    expect(missing).toEqual([]);
  });
});
