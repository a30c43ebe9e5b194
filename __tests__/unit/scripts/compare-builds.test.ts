/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compareBuilds, masked } from "../../../scripts/compare-builds";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build folder with these files. */
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "compare-builds-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("masked", () => {
  it("masks webpack's content and compilation hashes and numeric chunk ids", () => {
    expect(masked('<script src="/app-0def7f145eb067d85d28.js">')).toBe(
      masked('<script src="/app-2efcae57f981515ed303.js">'),
    );
    expect(masked("/354-4218d20316670254a7c5.js")).toBe(masked("/286-a1ff0c82fda085cd0ee0.js"));
    expect(masked('___webpackCompilationHash="57d0aef215190243af04"')).toBe(
      masked('___webpackCompilationHash="2efcae57f981515ed303"'),
    );
  });

  it("keeps the text a visitor reads", () => {
    expect(masked("<h1>First dates</h1>")).not.toBe(masked("<h1>First date</h1>"));
    expect(masked("Page 2 of 5")).toBe("Page 2 of 5");
  });
});

describe("compareBuilds", () => {
  it("finds two builds that differ only in hashes the same", () => {
    const before = build({
      "index.html": '<script src="/app-0def7f145eb067d85d28.js">',
      "app-0def7f145eb067d85d28.js": "x",
    });
    const after = build({
      "index.html": '<script src="/app-2efcae57f981515ed303.js">',
      "app-2efcae57f981515ed303.js": "x",
    });
    expect(compareBuilds(before, after)).toEqual({ onlyBefore: [], onlyAfter: [], differ: [] });
  });

  it("names a changed page and a file present on one side only", () => {
    const before = build({ "index.html": "<p>Hello</p>", "robots.txt": "User-agent: *" });
    const after = build({ "index.html": "<p>Hello!</p>", "rss.xml": "<rss/>" });
    expect(compareBuilds(before, after)).toEqual({
      onlyBefore: ["robots.txt"],
      onlyAfter: ["rss.xml"],
      differ: ["index.html"],
    });
  });
});
