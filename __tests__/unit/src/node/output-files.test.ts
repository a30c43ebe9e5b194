/** @jest-environment node */
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as store from "../../../../plugins/gatsby-internals/gatsby-store";
import { publicDir, siteDir, siteMetadataOf, writeIfChanged } from "../../../../src/node/output-files";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "output-files-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("writeIfChanged", () => {
  it("writes a file that is not there, and says it wrote", async () => {
    const file = path.join(dir, "sitemap.xml");
    expect(await writeIfChanged(file, "<urlset/>")).toBe(true);
    expect(await readFile(file, "utf8")).toBe("<urlset/>");
  });

  it("leaves a file that already holds the text alone, modification time and all", async () => {
    const file = path.join(dir, "sitemap.xml");
    await writeFile(file, "<urlset/>");
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(file, past, past);
    expect(await writeIfChanged(file, "<urlset/>")).toBe(false);
    expect((await stat(file)).mtime).toEqual(past);
  });

  it("writes over a file that holds anything else", async () => {
    const file = path.join(dir, "sitemap.xml");
    await writeFile(file, "<urlset>old</urlset>");
    expect(await writeIfChanged(file, "<urlset/>")).toBe(true);
    expect(await readFile(file, "utf8")).toBe("<urlset/>");
  });
});

describe("the site's folders", () => {
  it("are read from Gatsby's store by the one reader that knows it", () => {
    expect(siteDir).toBe(store.siteDir);
    expect(publicDir).toBe(store.publicDir);
    expect(siteMetadataOf).toBe(store.siteMetadataOf);
  });
});
