import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSite } from "../support/site-build";
import { checkStore } from "../../src/node/image-store/verify.ts";

// Real `gatsby build`s of the sample content (the embedded default) sharing one image store, each in
// its own new workspace, as a new rebuild-service machine would start: the first fills the store,
// the second, with nothing in .cache/ or public/, encodes nothing and still publishes every file.
const BUILD_TIMEOUT = 600_000;

/** The images the build encoded, from prepareCovers' report. */
const encodingsIn = (output: string): number =>
  Number(/\[image store\] \d+ covers: (\d+) encodings made, 0 failed/.exec(output)?.[1] ?? Number.NaN);

/** Every /static/<key>/ cover file a built page names. */
function namedCovers(publicDir: string): string[] {
  const urls = new Set<string>();
  for (const page of readdirSync(publicDir, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".html"),
  )) {
    if (!statSync(path.join(publicDir, page)).isFile()) continue;
    const html = readFileSync(path.join(publicDir, page), "utf8");
    for (const match of html.matchAll(/\/static\/[0-9a-f]{32}\/\d+x\d+\.(?:jpg|png|webp|avif)/g)) urls.add(match[0]);
  }
  return [...urls];
}

let store: string;
const workspaces: string[] = [];
beforeAll(async () => {
  store = await mkdtemp(path.join(tmpdir(), "image-store-build-"));
});
afterAll(async () => {
  for (const dir of [store, ...workspaces]) await rm(dir, { recursive: true, force: true });
});

test(
  "an empty store is filled by the build; a new workspace on the full store encodes nothing and names only files it published",
  async () => {
    const first = await buildSite({ IMAGE_STORE_DIR: store });
    workspaces.push(first.dir);
    expect(first.exitCode).toBe(0);
    const filled = await checkStore(store);
    expect(filled).toEqual({ complete: expect.any(Array), incomplete: [], missing: [], temporary: [] });
    // Each distinct sample cover once: its card, its article cover and its sharing image.
    expect(encodingsIn(first.output)).toBe(filled.complete.length);
    expect(filled.complete.length % 3).toBe(0);
    expect(filled.complete.length).toBeGreaterThan(0);

    const second = await buildSite({ IMAGE_STORE_DIR: store });
    workspaces.push(second.dir);
    expect(second.exitCode).toBe(0);
    expect(encodingsIn(second.output)).toBe(0);
    expect((await checkStore(store)).complete).toHaveLength(filled.complete.length);
    const covers = namedCovers(second.publicDir);
    expect(covers.length).toBeGreaterThan(20);
    // Each a hard link into the store, not a copy.
    expect(covers.filter((cover) => statSync(path.join(second.publicDir, cover)).nlink < 2)).toEqual([]);
  },
  BUILD_TIMEOUT,
);
