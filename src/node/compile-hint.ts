/**
 * V8's compile hint for a whole file (Chrome 136 on; other engines read a comment): compile every
 * function in it right away. Without it, V8 compiles a function when it is first called, on the
 * main thread, and a webpack chunk is a list of functions, one per module, that all run while the
 * page starts. With it, V8 compiles them while the file downloads, on a background thread.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Whether a chunk group's scripts all run as a page starts: the `app` entry point (webpack's and
 * Gatsby's runtimes, React, the layout and what they share) and each page component's group, which
 * Gatsby loads before it renders the page. Chunks that only an `import()` reaches (Firebase, the
 * toasts, the search) are in other groups and are compiled when they are used.
 */
const isStartupGroup = (name: string | null | undefined): boolean =>
  name === "app" || Boolean(name?.startsWith("component---"));

interface CompilerLike {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number };
    sources: { ConcatSource: new (...sources: unknown[]) => unknown };
  };
  hooks: { thisCompilation: { tap(name: string, callback: (compilation: CompilationLike) => void): void } };
}
interface CompilationLike {
  namedChunkGroups: Iterable<[string, { chunks: { files: Iterable<string> }[] }]>;
  hooks: { processAssets: { tap(options: { name: string; stage: number }, callback: () => void): void } };
  updateAsset(file: string, update: (source: unknown) => unknown): void;
}

/**
 * Puts COMPILE_HINT at the top of the script of every chunk in a startup group (isStartupGroup),
 * whatever webpack named it: the chunks that splitChunks makes for code two templates share are
 * named by a digest, and run as the page starts too. Done once the script is minified (the minifier
 * drops comments) and before its source map is made (which then counts the added line).
 */
export class CompileHintPlugin {
  apply(compiler: CompilerLike): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHintPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "CompileHintPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const startup = new Set<string>();
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!isStartupGroup(name)) continue;
            for (const chunk of group.chunks)
              for (const file of chunk.files) if (file.endsWith(".js")) startup.add(file);
          }
          for (const file of startup)
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        },
      );
    });
  }
}
