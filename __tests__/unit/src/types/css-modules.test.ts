/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The ambient declaration of CSS modules: with it, a component's `import * as styles from
// "./x.module.css"` type-checks as a map of class names, read-only, each one possibly missing (the
// project's noUncheckedIndexedAccess); without it, TypeScript knows no such module.

const DECLARATION = path.join(process.cwd(), "src", "types", "css-modules.ts");

/** TypeScript's own library files, parsed once for every check. */
const libraries = new Map<string, ts.SourceFile | undefined>();

/** TypeScript's errors for a component file `source`, checked with or without the declaration. */
function errorsOf(source: string, withDeclaration = true): string[] {
  const component = "/virtual/Widget.tsx";
  const files = new Map<string, string>([[component, source]]);
  if (withDeclaration) files.set(DECLARATION, readFileSync(DECLARATION, "utf8"));
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2021,
    // The language's core alone: the checks need strings and objects, not the DOM.
    lib: ["lib.es5.d.ts"],
    esModuleInterop: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.getSourceFile = (file, language) => {
    const virtual = files.get(file);
    if (virtual !== undefined) return ts.createSourceFile(file, virtual, language);
    if (!libraries.has(file)) {
      const text = readFile(file);
      libraries.set(file, text === undefined ? undefined : ts.createSourceFile(file, text, language));
    }
    return libraries.get(file);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("the CSS modules declaration", () => {
  it("types a stylesheet's import as its class names, each a string that may be missing", () => {
    expect(
      errorsOf(`
        import * as styles from "./widget.module.css";
        export const card: string = styles.card ?? "";
        export const maybe: string | undefined = styles["card-title"];
      `),
    ).toEqual([]);
  });

  it("refuses to use a class name unchecked, to change one, or to read one as something else", () => {
    const errors = errorsOf(`
      import * as styles from "./widget.module.css";
      export const unchecked: string = styles.card;
      styles.card = "other";
      export const count: number = styles.card ?? 0;
    `);
    expect(errors).toEqual([
      expect.stringMatching(/'string \| undefined' is not assignable to type 'string'/),
      expect.stringMatching(/only permits reading/),
      expect.stringMatching(
        /'string \| 0' is not assignable to type 'number'|'string' is not assignable to type 'number'/,
      ),
    ]);
  });

  it("is what lets TypeScript find the module at all", () => {
    expect(errorsOf('import * as styles from "./widget.module.css";\nexport default styles;', false)).toEqual([
      expect.stringMatching(/Cannot find module '\.\/widget\.module\.css'/),
    ]);
  });
});
