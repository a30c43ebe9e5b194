/** @jest-environment node */
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  imageStoreDir,
  originalPath,
  readRecord,
  readRecordSync,
  readSource,
  readSourceSync,
  recordPath,
  sha256,
  sourcePath,
  TEMPORARY,
  variantDir,
  writeAtomic,
  writeOnce,
  type SourceRecord,
} from "../../../../../src/node/image-store/store.ts";

let store: string;
beforeEach(async () => {
  store = await mkdtemp(path.join(tmpdir(), "store-layout-"));
});
afterEach(() => rm(store, { recursive: true, force: true }));

describe("where the store is", () => {
  it("is .image-store/ in the project, or the folder IMAGE_STORE_DIR names, from the project", () => {
    expect(imageStoreDir("/site", {})).toBe(path.resolve("/site", ".image-store"));
    expect(imageStoreDir("/site", { IMAGE_STORE_DIR: "" })).toBe(path.resolve("/site", ".image-store"));
    expect(imageStoreDir("/site", { IMAGE_STORE_DIR: "/mnt/images" })).toBe(path.resolve("/mnt/images"));
    expect(imageStoreDir("/site", { IMAGE_STORE_DIR: "../images" })).toBe(path.resolve("/images"));
  });

  it("names everything by what it holds: originals by their bytes' digest, sources by their URL's", () => {
    const digest = sha256(Buffer.from("picture"));
    expect(digest).toBe(createHash("sha256").update("picture").digest("hex"));
    expect(originalPath(store, digest)).toBe(path.join(store, "originals", digest));
    expect(sourcePath(store, "https://a.example/c.jpg")).toBe(
      path.join(store, "sources", `${sha256("https://a.example/c.jpg")}.json`),
    );
    expect(variantDir(store, "k1")).toBe(path.join(store, "images", "k1"));
    expect(recordPath(store, "k1")).toBe(path.join(store, "images", "k1", "record.json"));
  });
});

describe("writeAtomic", () => {
  it("writes a whole file, making its folders, and replaces what was there, leaving no temporary file", async () => {
    const file = path.join(store, "sources", "a.json");
    await writeAtomic(file, "first");
    await writeAtomic(file, "second");
    expect(await readFile(file, "utf8")).toBe("second");
    expect(readdirSync(path.dirname(file))).toEqual(["a.json"]);
  });
});

describe("writeOnce", () => {
  it("keeps the first writer's file: a second write of the same name changes neither bytes nor file", async () => {
    const file = path.join(store, "images", "k1", "480x300.webp");
    await writeOnce(file, "first bytes");
    const first = await stat(file);
    await writeOnce(file, "second bytes");
    expect(await readFile(file, "utf8")).toBe("first bytes");
    expect((await stat(file)).ino).toBe(first.ino);
    expect(readdirSync(path.dirname(file))).toEqual(["480x300.webp"]);
  });
});

describe("the temporary names", () => {
  it("are the names unfinished writes have, and no finished file's", () => {
    expect(TEMPORARY.test(`a.json.tmp-${process.pid}-0a1b2c3d4e5f`)).toBe(true);
    expect(TEMPORARY.test("a.json")).toBe(false);
    expect(TEMPORARY.test("a.tmp-x-0a1b")).toBe(false);
  });
});

describe("the records", () => {
  const source: SourceRecord = { url: "https://a.example/c.jpg", original: "abc", checkedAt: 1, etag: '"v1"' };

  it("read back what was written, with or without waiting", async () => {
    await writeAtomic(sourcePath(store, source.url), JSON.stringify(source));
    await writeAtomic(recordPath(store, "k1"), JSON.stringify({ recipe: "k1", files: ["a.webp"] }));
    expect(await readSource(store, source.url)).toEqual(source);
    expect(readSourceSync(store, source.url)).toEqual(source);
    expect(await readRecord(store, "k1")).toMatchObject({ files: ["a.webp"] });
    expect(readRecordSync(store, "k1")).toMatchObject({ files: ["a.webp"] });
  });

  it("read as none when missing or torn", async () => {
    await mkdir(variantDir(store, "torn"), { recursive: true });
    await writeFile(recordPath(store, "torn"), '{"recipe":');
    expect(await readRecord(store, "torn")).toBeNull();
    expect(readRecordSync(store, "torn")).toBeNull();
    expect(await readSource(store, "https://never.example/")).toBeNull();
    expect(readSourceSync(store, "https://never.example/")).toBeNull();
    expect(existsSync(path.join(store, "sources"))).toBe(false);
  });
});
