/** @jest-environment node */
import { mkdir, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHUNK_MODULES_FILE, ChunkModulesPlugin } from "../../../../src/node/chunk-modules";

describe("ChunkModulesPlugin", () => {
  it("lists, for each script, the site's own source files in it, node_modules and outside files left out", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "chunk-modules-"));
    await mkdir(path.join(site, ".cache"));
    let afterEmit: ((compilation: never) => void) | undefined;
    new ChunkModulesPlugin(site).apply({ hooks: { afterEmit: { tap: (_name, fn) => (afterEmit = fn) } } });
    const modules = new Map<string, { resource?: string; modules?: { resource?: string }[] }[]>([
      [
        "app",
        [
          { resource: path.join(site, "src", "lib", "b.ts") },
          // A concatenated module lists its parts; a query is no part of the file.
          { modules: [{ resource: `${path.join(site, "src", "lib", "a.ts")}?raw` }, {}] },
          { resource: path.join(site, "node_modules", "react", "index.js") },
          { resource: path.join(path.dirname(site), "elsewhere.js") },
          {},
        ],
      ],
    ]);
    afterEmit!({
      chunks: [{ id: "app", files: new Set(["app-1.js", "app-1.css"]) }],
      chunkGraph: { getChunkModulesIterable: (chunk: { id: string }) => modules.get(chunk.id)! },
    } as never);
    expect(JSON.parse(await readFile(path.join(site, CHUNK_MODULES_FILE), "utf8"))).toEqual({
      "app-1.js": ["src/lib/a.ts", "src/lib/b.ts"],
    });
  });
});
