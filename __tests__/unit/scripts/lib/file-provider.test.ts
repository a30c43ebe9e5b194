/** @jest-environment node */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { stableFileProvider } from "../../../../scripts/lib/file-provider";

// The local server's files, read from a published folder that the rebuild service swaps at any
// moment: a file opened is served whole from the release it was opened in.
let dir: string;
const text = async (stream: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};
/** Points `dir`/site at a release, as webhook/lib/publish.ts does (rename over the link). */
const publish = (release: string): void => {
  symlinkSync(path.join(dir, release), path.join(dir, "next"));
  renameSync(path.join(dir, "next"), path.join(dir, "site"));
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "file-provider-"));
  for (const release of ["r1", "r2"]) {
    mkdirSync(path.join(dir, release, "blogarticle", "a"), { recursive: true });
    writeFileSync(path.join(dir, release, "index.html"), `home ${release}`);
  }
  writeFileSync(path.join(dir, "r1", "blogarticle", "a", "index.html"), "article a");
  publish("r1");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("stableFileProvider", () => {
  it("serves a file whole from the release it was opened in, though the site is swapped and the file deleted", async () => {
    const provide = stableFileProvider(path.join(dir, "site"));
    const file = await provide({}, "/blogarticle/a/index.html");
    // A take-down publishes a release without the article, and the old release goes.
    publish("r2");
    rmSync(path.join(dir, "r1"), { recursive: true });
    expect(file).not.toBeNull();
    expect(await text(file!.stream)).toBe("article a");
    expect(await provide({}, "/blogarticle/a/index.html")).toBeNull();
  });

  it("gives a new ETag when the release changes, and the same one for the same file", async () => {
    const provide = stableFileProvider(path.join(dir, "site"));
    const first = await provide({}, "/index.html");
    const again = await provide({}, "/index.html");
    publish("r2");
    const next = await provide({}, "/index.html");
    for (const file of [first, again, next]) file!.stream.destroy();
    expect(again!.etag).toBe(first!.etag);
    expect(next!.etag).not.toBe(first!.etag);
    expect(next!.size).toBe("home r2".length);
  });

  it.each([
    "/../r2/index.html",
    "/blogarticle/..%2F..%2Fr2/index.html",
    "index.html",
    "/%00",
    "/blogarticle",
    "/%E0%A4%A",
  ])("serves nothing for %j", async (pathname) => {
    expect(await stableFileProvider(path.join(dir, "site"))({}, pathname)).toBeNull();
  });
});
