/** @jest-environment node */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkStore } from "../../../../../src/node/image-store/verify.ts";

let store: string;
beforeEach(async () => {
  store = await mkdtemp(path.join(tmpdir(), "verify-"));
});
afterEach(() => rm(store, { recursive: true, force: true }));

async function put(relative: string, data = "x"): Promise<void> {
  await mkdir(path.dirname(path.join(store, relative)), { recursive: true });
  await writeFile(path.join(store, relative), data);
}
const record = (files: string[]) => JSON.stringify({ recipe: "r", original: "o", files });

describe("checkStore", () => {
  it("finds nothing wrong in an empty store, or one not made yet", async () => {
    const empty = { complete: [], incomplete: [], missing: [], temporary: [] };
    expect(await checkStore(store)).toEqual(empty);
    expect(await checkStore(path.join(store, "not-yet"))).toEqual(empty);
  });

  it("counts a key complete when its record is on disk with every file it names, or it holds a sharing image", async () => {
    await put("images/whole/480x300.webp");
    await put("images/whole/480x300.jpg");
    await put("images/whole/record.json", record(["480x300.webp", "480x300.jpg"]));
    await put("images/sharing/og.jpg");
    const check = await checkStore(store);
    expect(check.complete.sort()).toEqual(["sharing", "whole"]);
    expect(check).toMatchObject({ incomplete: [], missing: [], temporary: [] });
  });

  it("names a key with files but no record as incomplete, and each file a record names but lacks as missing", async () => {
    await put("images/unfinished/480x300.webp");
    await put("images/broken/record.json", record(["480x300.webp", "960x600.webp"]));
    await put("images/broken/480x300.webp");
    expect(await checkStore(store)).toEqual({
      complete: ["broken"],
      incomplete: ["unfinished"],
      missing: [path.join("images", "broken", "960x600.webp")],
      temporary: [],
    });
  });

  it("lists the unfinished writes an interrupted fill left, wherever they are", async () => {
    await put("originals/abc.tmp-123-0a1b2c");
    await put("sources/def.json.tmp-123-0a1b2c");
    await put("images/k/record.json", record([]));
    await put("images/k/480x300.webp.tmp-9-ff00ff");
    await put("originals/abc");
    expect((await checkStore(store)).temporary.sort()).toEqual(
      [
        path.join("images", "k", "480x300.webp.tmp-9-ff00ff"),
        path.join("originals", "abc.tmp-123-0a1b2c"),
        path.join("sources", "def.json.tmp-123-0a1b2c"),
      ].sort(),
    );
  });
});
