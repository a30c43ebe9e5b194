/** @jest-environment node */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishedTarget, swapSymlink, writeFileAtomic } from "../../../../webhook/lib/publish.ts";
import { readWhileChanging } from "../../../support/concurrent-reader";

// Publishing is one rename(2): a reader of PUBLISH_DIR, or of queue.json, sees the old or the new,
// never a mixture and never nothing. The readers here are a process of their own, reading as fast as
// they can while this one swaps, so the two really run at the same time.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "publish-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A site folder holding an index.html that says `text`. */
function site(name: string, text: string): string {
  const folder = path.join(dir, "releases", name, "site");
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "index.html"), text);
  return folder;
}

describe("publishedTarget", () => {
  it("is null before the first publish", () => {
    expect(publishedTarget(path.join(dir, "site"))).toBeNull();
  });

  it("is where the symlink points, as an absolute path, even when written relative", () => {
    const target = site("b1", "one");
    symlinkSync(path.relative(dir, target), path.join(dir, "site"));
    expect(publishedTarget(path.join(dir, "site"))).toBe(target);
  });

  it("is the target of a dangling symlink too, so that it can be put back", () => {
    symlinkSync(path.join(dir, "releases", "gone", "site"), path.join(dir, "site"));
    expect(publishedTarget(path.join(dir, "site"))).toBe(path.join(dir, "releases", "gone", "site"));
  });

  it("refuses a PUBLISH_DIR that is a real folder, saying what to do", () => {
    mkdirSync(path.join(dir, "site"));
    expect(() => publishedTarget(path.join(dir, "site"))).toThrow(
      /exists and is not a symlink\. Move it away: the service publishes by swapping a symlink/,
    );
  });
});

describe("swapSymlink", () => {
  it("points PUBLISH_DIR at the target, first publish included, and leaves nothing beside it", () => {
    const publishDir = path.join(dir, "site");
    swapSymlink(publishDir, site("b1", "one"));
    expect(lstatSync(publishDir).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(publishDir, "index.html"), "utf8")).toBe("one");
    swapSymlink(publishDir, site("b2", "two"));
    expect(readlinkSync(publishDir)).toBe(path.join(dir, "releases", "b2", "site"));
    expect(readFileSync(path.join(publishDir, "index.html"), "utf8")).toBe("two");
    expect(readdirSync(dir).sort()).toEqual(["releases", "site"]);
  });

  it("lets a reader see the old site or the new one at every instant, never nothing", async () => {
    const publishDir = path.join(dir, "site");
    const targets = [site("b1", "A site"), site("b2", "B site, longer")];
    swapSymlink(publishDir, targets[0]!);
    const reading = await readWhileChanging(path.join(publishDir, "index.html"), (i) =>
      swapSymlink(publishDir, targets[i % 2]!),
    );
    expect(reading.failures).toEqual({});
    expect(Object.keys(reading.seen).sort()).toEqual(["A site", "B site, longer"]);
  });
});

describe("writeFileAtomic", () => {
  it("writes a new file, replaces an old one, and leaves no temporary file", () => {
    const file = path.join(dir, "queue.json");
    writeFileAtomic(file, "first\n");
    expect(readFileSync(file, "utf8")).toBe("first\n");
    writeFileAtomic(file, "second\n");
    expect(readFileSync(file, "utf8")).toBe("second\n");
    expect(readdirSync(dir)).toEqual(["queue.json"]);
  });

  it("lets a reader see the whole old content or the whole new, never a part", async () => {
    const file = path.join(dir, "queue.json");
    const contents = ["A".repeat(256 * 1024), "B".repeat(512 * 1024)];
    writeFileAtomic(file, contents[0]!);
    const reading = await readWhileChanging(file, (i) => writeFileAtomic(file, contents[i % 2]!), 100);
    expect(reading.failures).toEqual({});
    expect(Object.keys(reading.seen).sort()).toEqual([`Ax${256 * 1024}`, `Bx${512 * 1024}`]);
  });

  it("leaves the old content whole when the new cannot be written", () => {
    const file = path.join(dir, "queue.json");
    writeFileAtomic(file, "kept\n");
    // The temporary file's name is taken by a folder: opening it fails before anything is renamed.
    mkdirSync(`${file}.${process.pid}.tmp`);
    expect(() => writeFileAtomic(file, "lost\n")).toThrow(/EISDIR/);
    expect(readFileSync(file, "utf8")).toBe("kept\n");
  });
});
