/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  LOCAL_IMAGES_PUBLIC_PATH,
  localContentImageUrl,
  readLocalContent,
  resolveLocalImage,
} from "../../../../../plugins/gatsby-source-firestore/src/read-local";

const POLICY = { hosts: ["images.example"], allowInsecure: false };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "read-local-"));
  mkdirSync(path.join(dir, "images", "people"), { recursive: true });
  writeFileSync(path.join(dir, "images", "cover.webp"), "cover");
  writeFileSync(path.join(dir, "images", "people", "maya.webp"), "maya");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("readLocalContent", () => {
  it("reads each <slug>.json in name order, its id from the file or else from its name", () => {
    writeFileSync(path.join(dir, "b-second.json"), JSON.stringify({ title: "Second" }));
    writeFileSync(path.join(dir, "a-first.json"), JSON.stringify({ id: "doc-1", title: "First" }));
    writeFileSync(path.join(dir, "notes.txt"), "not an article");
    expect(readLocalContent(dir)).toEqual([
      { id: "doc-1", data: { id: "doc-1", title: "First" } },
      { id: "b-second", data: { title: "Second" } },
    ]);
  });

  it("gives a file that is not JSON as a document without data, for the contract to refuse", () => {
    writeFileSync(path.join(dir, "broken.json"), "{ not json");
    expect(readLocalContent(dir)).toEqual([{ id: "broken", data: null }]);
  });

  it("reads nothing from a folder that does not exist", () => {
    expect(readLocalContent(path.join(dir, "missing"))).toEqual([]);
  });
});

describe("resolveLocalImage", () => {
  it("serves a file of the images folder, at any depth, from /blog-images/", () => {
    expect(resolveLocalImage(dir, "images/people/maya.webp", POLICY)).toEqual({
      kind: "file",
      path: path.join(dir, "images", "people", "maya.webp"),
      publicUrl: `${LOCAL_IMAGES_PUBLIC_PATH}/people/maya.webp`,
    });
  });

  it.each([
    ["a file outside the images folder", "../secrets.json", /must be a file in/],
    ["the images folder itself", "images", /must be a file in/],
    ["a sibling whose name starts like it", "images-other/x.webp", /must be a file in/],
    ["a file that is not there", "images/gone.webp", /file not found/],
  ])("refuses %s, saying why", (_case, reference, why) => {
    expect(resolveLocalImage(dir, reference, POLICY)).toEqual(expect.stringMatching(why));
  });

  it("checks a URL, or a path that leaves the site (//host), against the cover policy", () => {
    expect(resolveLocalImage(dir, "https://images.example/cover.webp", POLICY)).toMatchObject({
      kind: "url",
      url: "https://images.example/cover.webp",
    });
    expect(typeof resolveLocalImage(dir, "https://elsewhere.example/cover.webp", POLICY)).toBe("string");
    expect(typeof resolveLocalImage(dir, "//elsewhere.example/cover.webp", POLICY)).toBe("string");
  });
});

describe("localContentImageUrl", () => {
  it("is the public URL of a sample image or of an allowed one, and the reference itself otherwise", () => {
    expect(localContentImageUrl(dir, "images/cover.webp", POLICY)).toBe("/blog-images/cover.webp");
    expect(localContentImageUrl(dir, "https://images.example/a.webp", POLICY)).toBe("https://images.example/a.webp");
    expect(localContentImageUrl(dir, "images/gone.webp", POLICY)).toBe("images/gone.webp");
  });
});
