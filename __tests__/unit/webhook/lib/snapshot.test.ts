/** @jest-environment node */
import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readStates, snapshotTree, writeStates } from "../../../../webhook/lib/snapshot.ts";

// Real files on disk: what matters is which files two releases share (the same inode) and that a
// release never changes once made, whatever the workspace does next.

let root: string;
const write = (relative: string, text: string): void => {
  mkdirSync(path.dirname(path.join(root, "public", relative)), { recursive: true });
  writeFileSync(path.join(root, "public", relative), text);
};
const read = (dir: string, relative: string): string => readFileSync(path.join(root, dir, relative), "utf8");
const inode = (dir: string, relative: string): bigint => statSync(path.join(root, dir, relative), { bigint: true }).ino;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "snapshot-"));
  write("index.html", "<p>home</p>");
  write("blogarticle/a/index.html", "<p>a</p>");
  write("blogarticle/b/index.html", "<p>b</p>");
  write("og/a.jpg", "jpeg a");
  symlinkSync("index.html", path.join(root, "public", "alias.html"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("snapshotTree", () => {
  it("copies the whole tree, symbolic links as they are, when there is no earlier snapshot", () => {
    const first = snapshotTree(path.join(root, "public"), path.join(root, "r1"));
    expect(first).toMatchObject({ copied: 4, linked: 0 });
    expect(Object.keys(first.states).sort()).toEqual([
      "blogarticle/a/index.html",
      "blogarticle/b/index.html",
      "index.html",
      "og/a.jpg",
    ]);
    expect(read("r1", "blogarticle/b/index.html")).toBe("<p>b</p>");
    expect(readlinkSync(path.join(root, "r1", "alias.html"))).toBe("index.html");
    expect(inode("r1", "index.html")).not.toBe(inode("public", "index.html"));
  });

  it("shares the files the workspace left alone with the earlier snapshot, and copies the rest", () => {
    const first = snapshotTree(path.join(root, "public"), path.join(root, "r1"));
    write("blogarticle/a/index.html", "<p>a, edited</p>");
    write("blogarticle/c/index.html", "<p>c</p>");
    const second = snapshotTree(path.join(root, "public"), path.join(root, "r2"), {
      dir: path.join(root, "r1"),
      states: first.states,
    });
    expect(second).toMatchObject({ copied: 2, linked: 3 });
    expect(inode("r2", "index.html")).toBe(inode("r1", "index.html"));
    expect(inode("r2", "og/a.jpg")).toBe(inode("r1", "og/a.jpg"));
    expect(read("r2", "blogarticle/a/index.html")).toBe("<p>a, edited</p>");
    expect(read("r2", "blogarticle/c/index.html")).toBe("<p>c</p>");
  });

  it("keeps a release as it was made while the workspace rewrites its files in place", () => {
    const first = snapshotTree(path.join(root, "public"), path.join(root, "r1"));
    write("index.html", "<p>HOME</p>");
    expect(read("r1", "index.html")).toBe("<p>home</p>");
    const second = snapshotTree(path.join(root, "public"), path.join(root, "r2"), {
      dir: path.join(root, "r1"),
      states: first.states,
    });
    write("og/a.jpg", "jpeg A");
    expect(read("r2", "og/a.jpg")).toBe("jpeg a");
    expect(read("r2", "index.html")).toBe("<p>HOME</p>");
    expect(second.linked).toBe(3);
  });

  it("copies a file rewritten with the same size and its old modification time put back", () => {
    const first = snapshotTree(path.join(root, "public"), path.join(root, "r1"));
    const file = path.join(root, "public", "blogarticle/b/index.html");
    // touch -r carries the times over to the nanosecond, as a tool restoring them would.
    const reference = path.join(root, "reference");
    writeFileSync(reference, "");
    execFileSync("touch", ["-r", file, reference]);
    writeFileSync(file, "<p>B</p>");
    execFileSync("touch", ["-r", reference, file]);
    const [, size, mtimeNs] = first.states["blogarticle/b/index.html"]!.split(":");
    expect([String(statSync(file).size), String(statSync(file, { bigint: true }).mtimeNs)]).toEqual([size, mtimeNs]);
    const second = snapshotTree(path.join(root, "public"), path.join(root, "r2"), {
      dir: path.join(root, "r1"),
      states: first.states,
    });
    expect(read("r2", "blogarticle/b/index.html")).toBe("<p>B</p>");
    expect(inode("r2", "blogarticle/b/index.html")).not.toBe(inode("r1", "blogarticle/b/index.html"));
    expect(second.copied).toBe(1);
  });

  it("leaves the later release whole when the earlier one is deleted, and copies what the earlier one lost", () => {
    const first = snapshotTree(path.join(root, "public"), path.join(root, "r1"));
    rmSync(path.join(root, "r1", "og"), { recursive: true });
    const second = snapshotTree(path.join(root, "public"), path.join(root, "r2"), {
      dir: path.join(root, "r1"),
      states: first.states,
    });
    expect(second).toMatchObject({ copied: 1, linked: 3 });
    rmSync(path.join(root, "r1"), { recursive: true });
    expect(read("r2", "index.html")).toBe("<p>home</p>");
    expect(read("r2", "og/a.jpg")).toBe("jpeg a");
    expect(lstatSync(path.join(root, "r2", "alias.html")).isSymbolicLink()).toBe(true);
  });
});

describe("a release's recorded states", () => {
  it("are read back as written, and a missing or broken record reads as none", () => {
    mkdirSync(path.join(root, "rel"));
    expect(readStates(path.join(root, "rel"))).toBeUndefined();
    writeStates(path.join(root, "rel"), { "index.html": "1:2:3:4" });
    expect(readStates(path.join(root, "rel"))).toEqual({ "index.html": "1:2:3:4" });
    writeFileSync(path.join(root, "rel", "files.json"), "[1,2");
    expect(readStates(path.join(root, "rel"))).toBeUndefined();
  });
});
