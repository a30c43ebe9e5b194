import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import type { Rule } from "eslint";

// The data flows one way: the source plugin -> the site's build code -> the browser code -> the page
// (docs/codebase-map.md). This rule resolves every relative import against the importing file and
// refuses those that run against the flow. Paths are relative to the repository root, with "/"; a
// rule entry ending in "/" is a folder, any other is one file. The workspace packages (packages/*)
// are a boundary of their own, the same for each: see packageBoundary.

/** One boundary: files under `from` may not import what `forbid` names, save what `allow` names. */
export interface Boundary {
  name: string;
  from: string[];
  forbid: string[];
  /** Node's built-in modules (fs, node:path, …) are refused too. */
  forbidBuiltins?: boolean;
  allow?: string[];
  why: string;
}

const BUILD_ONLY = ["src/node/", "plugins/", "gatsby-node.ts", "gatsby-config.ts", "scripts/", "webhook/"];

/** Code that runs in the browser and may only use rules it shares with the build. */
export const BROWSER_CODE = [
  "src/components/",
  "src/pages/",
  "src/templates/",
  "src/lib/",
  "src/gatsby-runtime/",
  "gatsby-browser.tsx",
];

export const BOUNDARIES: Boundary[] = [
  {
    name: "plugin -> site",
    from: ["plugins/"],
    forbid: ["src/", "gatsby-node.ts", "gatsby-config.ts", "gatsby-browser.tsx", "gatsby-ssr.tsx"],
    why: "the source plugin is where the data starts; code both sides use lives in the plugin",
  },
  {
    name: "browser -> build-only",
    from: BROWSER_CODE,
    forbid: BUILD_ONLY,
    forbidBuiltins: true,
    why: "browser code is bundled for visitors; build-only modules and Node's built-ins are not",
  },
  {
    name: "editors' console -> build-only",
    from: ["editors/src/"],
    forbid: BUILD_ONLY,
    forbidBuiltins: true,
    why: "the console is bundled for editors' browsers; it shares the site's browser code and the article core only",
  },
  {
    name: "rebuild service -> site build",
    from: ["webhook/server.ts", "webhook/lib/"],
    forbid: ["src/", "plugins/", "scripts/", "gatsby-node.ts", "gatsby-config.ts"],
    why: "the rebuild service runs the site's build as a command; what both read (the search index's format, the build's report) comes by name from a package",
  },
  {
    name: "rebuild service -> functions",
    from: ["webhook/server.ts", "webhook/lib/"],
    forbid: ["webhook/trigger/"],
    why: "the service and the Cloud Functions share code through @kindred/publishing, imported by name",
  },
  {
    name: "functions -> outside their folder",
    from: ["webhook/trigger/"],
    forbid: ["webhook/server.ts", "webhook/lib/", "src/", "plugins/", "scripts/", "gatsby-node.ts", "gatsby-config.ts"],
    why: "Firebase uploads webhook/trigger alone; shared code comes by name from a workspace package, which the build bundles",
  },
];

/** The workspace package folder ("packages/publishing/") a repository path is in, or null. */
export function packageFolderOf(file: string): string | null {
  const match = /^packages\/([^/]+)\//.exec(file);
  return match ? `packages/${match[1]}/` : null;
}

const workspaceNames = new Map<string, Map<string, string>>();

/** The workspace packages under `root`: each name (`@kindred/publishing`) with its folder. */
function workspacesOf(root: string): Map<string, string> {
  let found = workspaceNames.get(root);
  if (!found) {
    found = new Map();
    const packages = path.join(root, "packages");
    for (const folder of existsSync(packages) ? readdirSync(packages) : []) {
      const manifest = path.join(packages, folder, "package.json");
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown };
      if (typeof name === "string") found.set(name, `packages/${folder}/`);
    }
    workspaceNames.set(root, found);
  }
  return found;
}

/** The name a package folder is imported by (its package.json "name"), or a description of it. */
const nameOf = (root: string, folder: string): string =>
  [...workspacesOf(root)].find(([, at]) => at === folder)?.[0] ?? `the name in ${folder}package.json`;

/**
 * The workspace packages' boundary, the same for every folder under packages/: a package is used
 * by its name only (its package.json exports one entry), so nothing outside it imports its files by
 * path, nor reaches past its entry by name (`@kindred/x/src/...`), save its own tests (under
 * `__tests__/unit/packages/<name>/`, mirroring its files); and a package imports only its own files,
 * and other packages by name. Answers why `source`, imported by `file`, crosses it; else null.
 */
export function packageBoundary(root: string, file: string, source: string): string | null {
  const home = packageFolderOf(file);
  const testsOf = packageFolderOf(file.replace(/^__tests__\/unit\//, ""));
  const target = importedPath(root, path.join(root, file), source);
  if (target === null) {
    const [first = "", second = ""] = source.split("/");
    const name = first.startsWith("@") ? `${first}/${second}` : first;
    if (source !== name && workspacesOf(root).has(name))
      return `packages: "${source}" reaches past the entry of ${name}; import "${name}" by name, which exports only its entry.`;
    return null;
  }
  const into = packageFolderOf(target);
  if (home !== null && !target.startsWith(home)) {
    return `package -> outside: "${source}" is ${target}, outside ${home}; a package imports only its own files, and other packages by name.`;
  }
  if (home === null && into !== null && !(file.startsWith("__tests__/unit/") && testsOf === into)) {
    const name = nameOf(root, into);
    return `outside -> package: "${source}" is ${target}, inside ${into}; import it by name ("${name}"), which exports only its entry.`;
  }
  return null;
}

const withoutExtension = (file: string): string => file.replace(/\.[cm]?[jt]sx?$/, "");
const covers = (entries: string[], file: string): boolean =>
  entries.some((entry) =>
    entry.endsWith("/") ? file.startsWith(entry) : withoutExtension(file) === withoutExtension(entry),
  );

const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith("_")));
const isBuiltin = (source: string): boolean => source.startsWith("node:") || BUILTINS.has(source.split("/")[0] ?? "");

/** The repository path a relative import names, or null for a package. */
export function importedPath(root: string, fromFile: string, source: string): string | null {
  if (!source.startsWith(".")) return null;
  return path
    .relative(root, path.resolve(path.dirname(fromFile), source))
    .split(path.sep)
    .join("/");
}

/** Why `source`, imported by `file` (both relative to the root), crosses a boundary the wrong way; else null. */
export function wrongWay(root: string, file: string, source: string, boundaries = BOUNDARIES): string | null {
  const packages = packageBoundary(root, file, source);
  if (packages) return packages;
  for (const boundary of boundaries) {
    if (!covers(boundary.from, file)) continue;
    if (boundary.forbidBuiltins && isBuiltin(source))
      return `${boundary.name}: "${source}" is a Node built-in; ${boundary.why}.`;
    const target = importedPath(root, path.join(root, file), source);
    // A module may always use its own zone's neighbours: the plugin's files one another, src/lib its peers.
    const home = boundary.from.filter((entry) => covers([entry], file));
    if (target === null || covers(home, target) || covers(boundary.allow ?? [], target)) continue;
    if (covers(boundary.forbid, target)) return `${boundary.name}: "${source}" is ${target}; ${boundary.why}.`;
  }
  return null;
}

/** The ESLint rule: reports every import, export-from, import() and require() that goes the wrong way. */
export const importDirection: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Imports follow the data: plugin -> site build -> browser, and packages are imported by name; see docs/codebase-map.md",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const check = (node: Rule.Node, source: unknown): void => {
      if (typeof source !== "string") return;
      const problem = wrongWay(root, file, source);
      if (problem) context.report({ node, message: `Wrong-way import (${problem})` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source.value : undefined),
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (node.callee.type === "Identifier" && node.callee.name === "require" && first?.type === "Literal")
          check(node, first.value);
      },
    };
  },
};
