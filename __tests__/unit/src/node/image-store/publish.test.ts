/** @jest-environment node */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { publishImmutable, publishReplacing } from "../../../../../src/node/image-store/publish.ts";

let dir: string;
let source: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "publish-"));
  source = path.join(dir, "store", "og.jpg");
  await mkdir(path.dirname(source), { recursive: true });
  await writeFile(source, "stored bytes");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const inode = async (file: string) => (await stat(file)).ino;

describe("publishImmutable", () => {
  it("links the store's file into public/, making its folders, and says it did", async () => {
    const target = path.join(dir, "public", "static", "k1", "480x300.webp");
    expect(await publishImmutable(source, target)).toBe(true);
    expect(await inode(target)).toBe(await inode(source));
  });

  it("leaves a file already there alone, and says so", async () => {
    const target = path.join(dir, "public", "static", "k1", "480x300.webp");
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, "already published");
    expect(await publishImmutable(source, target)).toBe(false);
    expect(await readFile(target, "utf8")).toBe("already published");
  });

  it("fails when the store lacks the file", async () => {
    await expect(
      publishImmutable(path.join(dir, "store", "gone.jpg"), path.join(dir, "public", "x.jpg")),
    ).rejects.toThrow(/ENOENT/);
  });
});

describe("publishReplacing", () => {
  const target = () => path.join(dir, "public", "og", "blogarticle", "a.jpg");

  it("links the store's file where none is, making its folders", async () => {
    expect(await publishReplacing(source, target())).toBe(true);
    expect(await inode(target())).toBe(await inode(source));
  });

  it("leaves the very same file alone", async () => {
    await publishReplacing(source, target());
    expect(await publishReplacing(source, target())).toBe(false);
  });

  it("replaces another file at the path, leaving nothing temporary beside it", async () => {
    await mkdir(path.dirname(target()), { recursive: true });
    await writeFile(target(), "an older sharing image");
    expect(await publishReplacing(source, target())).toBe(true);
    expect(await readFile(target(), "utf8")).toBe("stored bytes");
    expect(await readdir(path.dirname(target()))).toEqual(["a.jpg"]);
  });

  it("takes a copy of the same size made since the store's file was written for that file", async () => {
    await mkdir(path.dirname(target()), { recursive: true });
    await writeFile(target(), "copied bytes");
    const later = new Date(Date.now() + 60_000);
    await utimes(target(), later, later);
    expect(await publishReplacing(source, target())).toBe(false);
    const earlier = new Date(Date.now() - 3_600_000);
    await utimes(target(), earlier, earlier);
    expect(await publishReplacing(source, target())).toBe(true);
  });
});
