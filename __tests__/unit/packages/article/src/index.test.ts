/** @jest-environment node */
import { readdirSync } from "node:fs";
import path from "node:path";
import * as entry from "../../../../../packages/article/src/index";

// @kindred/article has one entry: everything of the core that the site, the plugin and the functions
// use comes through it. What can break: a name re-exported twice (an `export *` and an explicit
// export of one name hide each other without a word), a re-export of a name its module no longer
// has (undefined at run time), or a module whose every export is left out.

const SRC = path.resolve(__dirname, "../../../../../packages/article/src");
const ENTRIES = new Set(["index.ts", "without-components.ts"]);

/** Every module of the core but its two entries, with its run-time exports. */
const modules: [string, Record<string, unknown>][] = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !ENTRIES.has(file))
  .sort()
  .map((file) => [file, jest.requireActual<Record<string, unknown>>(path.join(SRC, file))]);

const exported = Object.entries(entry).filter(([name]) => name !== "__esModule");

describe("the core's entry", () => {
  it("exports no name as undefined", () => {
    expect(exported.filter(([, value]) => value === undefined).map(([name]) => name)).toEqual([]);
  });

  it("exports each name with the one value the core's modules give it", () => {
    for (const [name, value] of exported) {
      // A module may pass another's export on (block-sanitizer.ts gives safe-url.ts's editorUrl): one value.
      const values = new Set(modules.filter(([, exports]) => name in exports).map(([, exports]) => exports[name]));
      expect([name, [...values]]).toEqual([name, [value]]);
    }
  });

  it("gives every module of the core a way out: something of each is exported", () => {
    const values = new Set<unknown>(exported.map(([, value]) => value));
    const internal = new Set(["block-tunes.ts", "card-blocks.ts"]);
    const unreached = modules
      .filter(
        ([file]) => !file.startsWith("components/") || /^components\/(BlockList|body-classes|embed-frame)\./.test(file),
      )
      .filter(([file, exports]) => !internal.has(file) && !Object.values(exports).some((value) => values.has(value)))
      .map(([file]) => file);
    expect(unreached).toEqual([]);
  });

  it("exports the types' one GraphQL definition, the sanitizer and the renderer", () => {
    expect(Object.keys(entry)).toEqual(
      expect.arrayContaining(["BLOG_POST_TYPE_DEFS", "safeBlocks", "BlockList", "finishBody"]),
    );
  });
});
