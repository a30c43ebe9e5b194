/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";
import * as entry from "../../../../../packages/article/src/index";
import * as withoutComponents from "../../../../../packages/article/src/without-components";
import * as blockList from "../../../../../packages/article/src/components/BlockList";
import * as bodyClasses from "../../../../../packages/article/src/components/body-classes";
import * as embedFrame from "../../../../../packages/article/src/components/embed-frame";

// Node running TypeScript itself reads no JSX: under the "node" export condition @kindred/article is
// without-components.ts, which must be the whole entry less what components/ adds, and nothing else.

const ROOT = path.resolve(__dirname, "../../../../..");
const namesOf = (module: object): string[] =>
  Object.keys(module)
    .filter((name) => name !== "__esModule")
    .sort();

describe("without-components", () => {
  it("is what Node gets for @kindred/article, loaded by Node itself with no JSX to read", () => {
    const script = 'const m = await import("@kindred/article"); console.log(JSON.stringify(Object.keys(m).sort()));';
    const names = JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" }),
    ) as string[];
    expect(names).toEqual(namesOf(withoutComponents));
  });

  it("exports exactly the entry's exports less those of the components", () => {
    const components = new Set([...namesOf(blockList), ...namesOf(bodyClasses), ...namesOf(embedFrame)]);
    expect(namesOf(withoutComponents)).toEqual(namesOf(entry).filter((name) => !components.has(name)));
    expect(namesOf(withoutComponents).filter((name) => components.has(name))).toEqual([]);
  });

  it("exports the very values the entry exports", () => {
    const shared = entry as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(withoutComponents)) expect([name, shared[name]]).toEqual([name, value]);
  });
});
