/**
 * V8's compile hint for a whole file (Chrome 136 on; other engines read a comment): compile every
 * function in it right away. Without it, V8 compiles a function when it is first called, on the
 * main thread, and a webpack chunk is a list of functions, one per module, that all run while the
 * page starts. With it, V8 compiles them while the file downloads, on a background thread.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The chunks whose every module runs as a page starts: webpack's and Gatsby's runtimes, React, the layout, the page templates. */
const STARTUP_CHUNKS = new Set(["webpack-runtime", "framework", "app", "commons"]);
export const isStartupChunk = (name: string | null | undefined): boolean =>
  (name != null && STARTUP_CHUNKS.has(name)) || Boolean(name?.startsWith("component---"));

interface CompilerLike {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number };
    sources: { ConcatSource: new (...sources: unknown[]) => unknown };
  };
  hooks: { thisCompilation: { tap(name: string, callback: (compilation: CompilationLike) => void): void } };
}
interface CompilationLike {
  chunks: Iterable<{ name?: string | null; files: Iterable<string> }>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void } };
  updateAsset(file: string, update: (source: unknown) => unknown): void;
}

/**
 * Puts COMPILE_HINT at the top of each startup chunk's script, once it is minified (the minifier
 * drops comments) and before its source map is made (which then counts the added line).
 */
export class CompileHintPlugin {
  apply(compiler: CompilerLike): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHintPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "CompileHintPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (!isStartupChunk(chunk.name)) continue;
            for (const file of chunk.files) {
              if (file.endsWith(".js"))
                compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}
