/** @jest-environment node */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

// Every query's result is typed by the types Gatsby generates into src/gatsby-types.d.ts (graphqlTypegen
// in gatsby-config.ts), never by hand: each query and fragment is named, the generated file has a type
// for each and none for a query that is gone, and each result is read through its own type, as it is or
// through QueryResult (src/lib/query-results.ts). Whether the types are those of the current schema, npm
// test's production build checks (scripts/lib/generated-types.ts).

const ROOT = path.join(__dirname, "..", "..", "..");
const GENERATED = "src/gatsby-types.d.ts";

/** The TypeScript files where queries may be written, relative to the root. */
function sourceFiles(): string[] {
  const under = (folder: string): string[] =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts") && !file.includes("/node_modules/"));
  return ["gatsby-node.ts", ...under("src"), ...under("plugins")];
}

interface Definition {
  file: string;
  kind: "query" | "fragment";
  name: string;
  /** The type the code gives the result: useStaticQuery's or the graphql function's type argument. */
  typeArgument: string | null;
  /** A page query (`export const query`), read through the page's PageProps. */
  pageQuery: boolean;
}

/** Every graphql`…` and graphql(`…`) in a file, with its type argument; null names an unnamed one. */
function definitionsOf(file: string, text: string): (Definition | { file: string; unnamed: string })[] {
  const found: (Definition | { file: string; unnamed: string })[] = [];
  const typeArguments = "<((?:[^<>]|<[^<>]*>)*)>";
  const pattern = new RegExp(
    `(export const query = )?(?:useStaticQuery${typeArguments}\\(\\s*)?\\bgraphql(?:${typeArguments})?(?:\\(\\s*)?\`([^\`]*)\``,
    "g",
  );
  for (const [, exported, staticType, callType, body] of text.matchAll(pattern)) {
    const head = /^\s*(query|fragment)\s+([A-Za-z_]\w*)/.exec(body!);
    if (!head) {
      found.push({ file, unnamed: body!.trim().slice(0, 40) });
      continue;
    }
    found.push({
      file,
      kind: head[1] as "query" | "fragment",
      name: head[2]!,
      typeArgument: (staticType ?? callType)?.split(/,(?![^<]*>)/)[0]?.trim() ?? null,
      pageQuery: exported !== undefined,
    });
  }
  return found;
}

const files = sourceFiles();
const texts = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
const all = files.flatMap((file) => definitionsOf(file, texts.get(file)!));
const definitions = all.filter((definition): definition is Definition => "name" in definition);
const generated = readFileSync(path.join(ROOT, GENERATED), "utf8");
const generatedNames = (suffix: string): string[] =>
  [...generated.matchAll(new RegExp(`^type (\\w+)${suffix} = `, "gm"))].map((match) => match[1]!);

describe("typed queries", () => {
  it("finds the site's queries", () => {
    expect(definitions.map(({ name }) => name)).toEqual(
      expect.arrayContaining(["BlogArticlePage", "BlogCardFields", "SeoSiteMetadata", "ArticlesForPages"]),
    );
  });

  it("names every query and fragment, as the generated types need", () => {
    expect(all.filter((definition) => "unnamed" in definition)).toEqual([]);
  });

  it("has a generated type for each query and fragment, and none for a query that is gone", () => {
    const missing = definitions.filter(
      ({ kind, name }) => !generated.includes(`\ntype ${name}${kind === "query" ? "Query" : "Fragment"} = `),
    );
    expect(missing).toEqual([]);
    const queries = new Set(definitions.filter(({ kind }) => kind === "query").map(({ name }) => name));
    expect(generatedNames("Query").filter((name) => !queries.has(name))).toEqual([]);
  });

  it("reads each result through the query's generated type", () => {
    /** The query's own type, as it is or with its JSON fields given their shapes. */
    const ownTypes = (name: string): string[] => [`Queries.${name}Query`, `QueryResult<Queries.${name}Query>`];
    const typeOf = (file: string, alias: string): string | undefined =>
      new RegExp(`\\btype ${alias} = ([^;]+);`).exec(texts.get(file)!)?.[1];
    const untyped = definitions
      .filter(({ kind }) => kind === "query")
      .filter(({ file, name, typeArgument, pageQuery }) => {
        if (pageQuery) return !ownTypes(name).some((type) => texts.get(file)!.includes(`PageProps<${type}`));
        const type = typeArgument === null ? null : (typeOf(file, typeArgument) ?? typeArgument);
        return type === null || !ownTypes(name).includes(type);
      })
      .map(({ file, name }) => `${file}: ${name}`);
    expect(untyped).toEqual([]);
  });
});
