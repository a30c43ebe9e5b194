// The query types Gatsby writes (graphqlTypegen in gatsby-config.ts) are committed, and read by the type
// check before any build runs. npm test's production build writes them again (TYPEGEN_ON_BUILD=true);
// a file that changed was stale: the type check had read old types. This says so, and fails the stage.
// Takes the root as an argument: the test runners load scripts/lib/ as CommonJS (see root.ts).
import { readFileSync } from "node:fs";
import path from "node:path";

/** Where Gatsby writes the types, relative to the root: graphqlTypegen.typesOutputPath in gatsby-config.ts. */
export const GENERATED_TYPES = "src/gatsby-types.d.ts";

/** The environment that makes a production build write them (gatsby-config.ts reads it). */
export const TYPEGEN_ENV = { TYPEGEN_ON_BUILD: "true" } as const;

/** The generated types' text under `root`, or null when there is no such file. */
export function readGeneratedTypes(root: string): string | null {
  try {
    return readFileSync(path.join(root, GENERATED_TYPES), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The names of the types a generated file declares whose text differs from the other file's, in order. */
export function changedTypes(before: string, after: string): string[] {
  const declarations = (text: string): Map<string, string> => {
    const found = new Map<string, string>();
    let name: string | null = null;
    for (const line of text.split("\n")) {
      const start = /^(?:type|interface) (\w+)/.exec(line);
      if (start) name = start[1]!;
      else if (line === "}") name = null; // the end of the namespace
      if (name !== null && line.trim() !== "") found.set(name, `${found.get(name) ?? ""}${line}\n`);
    }
    return found;
  };
  const old = declarations(before);
  const current = declarations(after);
  const names = [...new Set([...old.keys(), ...current.keys()])];
  return names.filter((name) => old.get(name) !== current.get(name));
}

/**
 * What is wrong with the generated types after a build that writes them, or null when the file is as it
 * was before npm test started. `before` and `after` are the file's text, null when it did not exist.
 */
export function staleTypesProblem(before: string | null, after: string | null): string | null {
  if (after === null) {
    return `The build wrote no ${GENERATED_TYPES}: gatsby-config.ts must keep graphqlTypegen, with generateOnBuild when TYPEGEN_ON_BUILD=true.`;
  }
  if (before === after) return null;
  const fix = `The build has written the current types: review them (git diff ${GENERATED_TYPES}) and commit them.`;
  if (before === null) return `${GENERATED_TYPES} was missing, so the type check ran without the query types. ${fix}`;
  const names = changedTypes(before, after);
  const listed = names.length > 8 ? `${names.slice(0, 8).join(", ")} and ${names.length - 8} more` : names.join(", ");
  return (
    `${GENERATED_TYPES} was stale: the type check read query types that no longer match the queries or the schema` +
    `${names.length > 0 ? ` (changed: ${listed})` : ""}. ${fix}`
  );
}
