import { writeFileSync } from "node:fs";
import path from "node:path";

// Which of the site's modules each script of the production browser bundle carries, so the budgets
// test can tell what a page's first load holds (docs/first-load.md).

/** Where the build lists the site's own modules in each browser script, relative to the site. */
export const CHUNK_MODULES_FILE = path.join(".cache", "chunk-modules.json");

interface Compiler {
  hooks: { afterEmit: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}
interface Compilation {
  chunks: Iterable<{ files: Iterable<string> }>;
  chunkGraph: {
    getChunkModulesIterable(chunk: unknown): Iterable<{ resource?: string; modules?: { resource?: string }[] }>;
  };
}

/**
 * Writes, for each script of the browser bundle, the site's own source files in it (relative to the
 * site, node_modules left out), so a test can tell which code a page's first load carries.
 */
export class ChunkModulesPlugin {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap("ChunkModulesPlugin", (compilation) => {
      const listed: Record<string, string[]> = {};
      for (const chunk of compilation.chunks) {
        const sources = new Set<string>();
        for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
          // A concatenated module lists its parts.
          for (const part of module.modules ?? [module]) {
            if (!part.resource) continue;
            const file = path.relative(this.root, part.resource.split("?")[0]!).split(path.sep).join("/");
            if (!file.startsWith("..") && !file.includes("node_modules/")) sources.add(file);
          }
        }
        for (const file of chunk.files) if (file.endsWith(".js")) listed[file] = [...sources].sort();
      }
      writeFileSync(path.join(this.root, CHUNK_MODULES_FILE), `${JSON.stringify(listed, null, 1)}\n`);
    });
  }
}
