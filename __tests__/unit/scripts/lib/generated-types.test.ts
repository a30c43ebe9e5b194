/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  GENERATED_TYPES,
  changedTypes,
  readGeneratedTypes,
  staleTypesProblem,
} from "../../../../scripts/lib/generated-types";

// npm test's production build writes the query types again; a file that changed fails the stage.

const FILE = [
  "declare namespace Queries {",
  "type BlogPost = {",
  "  readonly slug: Scalars['String'];",
  "};",
  "",
  "type BlogListPageQuery = { readonly blogPostsByIds: ReadonlyArray<{ readonly slug: string }> };",
  "",
  "}",
].join("\n");

describe("the generated query types", () => {
  it("pass when the build wrote them as they were", () => {
    expect(staleTypesProblem(FILE, FILE)).toBeNull();
  });

  it("fail, naming the types that changed, when the build wrote other types", () => {
    const after = FILE.replace("readonly slug: string", "readonly slug: string, readonly title: string");
    const problem = staleTypesProblem(FILE, after);
    expect(problem).toContain(`${GENERATED_TYPES} was stale`);
    expect(problem).toContain("(changed: BlogListPageQuery)");
    expect(problem).toContain(`git diff ${GENERATED_TYPES}`);
  });

  it("fail when the file was missing, and when the build wrote none", () => {
    expect(staleTypesProblem(null, FILE)).toContain(`${GENERATED_TYPES} was missing`);
    expect(staleTypesProblem(FILE, null)).toContain(`The build wrote no ${GENERATED_TYPES}`);
  });

  it("names added, removed and changed declarations, each once", () => {
    const after = FILE.replace("type BlogPost = {", "type Post = {").replace(/\n}$/, "\ntype Extra = {};\n\n}");
    expect(changedTypes(FILE, after)).toEqual(["BlogPost", "Post", "Extra"]);
    expect(changedTypes(FILE, FILE)).toEqual([]);
  });

  it("are read from the project, or null when there are none", () => {
    const root = mkdtempSync(path.join(tmpdir(), "generated-types-"));
    try {
      expect(readGeneratedTypes(root)).toBeNull();
      mkdirSync(path.join(root, "src"));
      writeFileSync(path.join(root, GENERATED_TYPES), FILE);
      expect(readGeneratedTypes(root)).toBe(FILE);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
