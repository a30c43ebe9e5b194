/** @jest-environment node */
import { COMPILE_HINT, CompileHintPlugin } from "../../../../src/node/compile-hint";

/** The parts of webpack the plugin uses, recording what it asks of them. */
function fakeCompiler(groups: [string, string[][]][]) {
  const updated = new Map<string, unknown>();
  const taps: { name: string; stage: number }[] = [];
  class ConcatSource {
    constructor(...parts: unknown[]) {
      this.parts = parts;
    }
    parts: unknown[];
  }
  const compilation = {
    namedChunkGroups: groups.map(([name, chunks]) => [name, { chunks: chunks.map((files) => ({ files })) }]),
    hooks: {
      processAssets: {
        tap: (options: { name: string; stage: number }, callback: () => void) => {
          taps.push(options);
          callback();
        },
      },
    },
    updateAsset: (file: string, update: (source: unknown) => unknown) =>
      updated.set(file, update(updated.get(file) ?? `source of ${file}`)),
  };
  const compiler = {
    webpack: { Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: 400 }, sources: { ConcatSource } },
    hooks: {
      thisCompilation: { tap: (_name: string, callback: (c: typeof compilation) => void) => callback(compilation) },
    },
  };
  new CompileHintPlugin().apply(compiler as never);
  return { updated, taps, ConcatSource };
}

describe("CompileHintPlugin", () => {
  it("is V8's hint to compile every function of the file at once", () => {
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("puts the hint at the top of each script of the app entry and of every page component's group, once", () => {
    const { updated, ConcatSource } = fakeCompiler([
      ["app", [["webpack-runtime.js"], ["app.js", "app.css"], ["framework.js"]]],
      ["component---src-templates-blog-article-tsx", [["component---blog-article.js"], ["2f8a1c.js"]]],
      ["component---src-pages-index-tsx", [["2f8a1c.js"], ["component---index.js"]]],
    ]);
    expect([...updated.keys()].sort()).toEqual(
      [
        "2f8a1c.js",
        "app.js",
        "component---blog-article.js",
        "component---index.js",
        "framework.js",
        "webpack-runtime.js",
      ].sort(),
    );
    const shared = updated.get("2f8a1c.js") as InstanceType<typeof ConcatSource>;
    expect(shared).toBeInstanceOf(ConcatSource);
    expect(shared.parts).toEqual([COMPILE_HINT, "source of 2f8a1c.js"]);
  });

  it("leaves the chunks only an import() reaches, and stylesheets, as they are", () => {
    const { updated } = fakeCompiler([
      ["app", [["app.js", "app.css"]]],
      ["firebase", [["firebase.js"]]],
      ["toasts", [["toasts.js"]]],
    ]);
    expect([...updated.keys()]).toEqual(["app.js"]);
  });

  it("runs once the scripts are minified, which would drop the comment, and before their source maps", () => {
    const { taps } = fakeCompiler([]);
    expect(taps).toEqual([{ name: "CompileHintPlugin", stage: 401 }]);
  });
});
