/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, prepareCovers } from "../../../../../src/node/covers";
import { pruneStore } from "../../../../../src/node/image-store/prune.ts";
import { readSource } from "../../../../../src/node/image-store/store.ts";
import { checkStore } from "../../../../../src/node/image-store/verify.ts";
import { picture } from "../../../../support/pictures";
import { servePictures, type PictureServer } from "../../../../support/serve-pictures";
import { blogPost, listeningReporter, nodesOf, scratchSite } from "../../../../support/scratch-site";

let server: PictureServer;
beforeAll(async () => {
  server = await servePictures();
});
afterAll(() => server.close());

const keyOf = (src: string): string => src.split("/")[2]!;

describe("pruneStore", () => {
  test("keeps what a kept release names (with its sharing image) and removes the rest; recent writes are left alone", async () => {
    const { store, imageStore } = await scratchSite("prune-");
    server.put("/kept.jpg", await picture("#14532d"));
    server.put("/dropped.jpg", await picture("#7c2d12"));
    const kept = blogPost(1, "kept", { kind: "url", url: `${server.url}/kept.jpg` });
    const dropped = blogPost(2, "dropped", { kind: "url", url: `${server.url}/dropped.jpg` });
    await prepareCovers({ getNodesByType: nodesOf([kept, dropped]), store, reporter: listeningReporter() }, {});

    // The kept release shows only the first article.
    const release = await mkdtemp(path.join(tmpdir(), "release-"));
    await writeFile(path.join(release, "index.html"), "<!doctype html>");
    for (const recipe of [CARD_RECIPE, ARTICLE_RECIPE])
      await mkdir(path.join(release, "static", keyOf(coverData(imageStore, kept, recipe)!.images.fallback!.src)), {
        recursive: true,
      });

    expect((await pruneStore(imageStore, [release], { graceMs: 3_600_000 })).removed).toEqual([]);
    const dry = await pruneStore(imageStore, [release], { graceMs: 0, dryRun: true });
    expect(dry.removed.length).toBeGreaterThan(0);
    expect(coverData(imageStore, dropped, CARD_RECIPE)).not.toBeNull();

    const result = await pruneStore(imageStore, [release], { graceMs: 0 });
    expect(result.keptKeys).toBe(3);
    // The dropped cover's two recipes and sharing image, its original and its URL's record.
    expect(result.removed.sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^originals\/[0-9a-f]{64}$/),
        expect.stringMatching(/^sources\/[0-9a-f]{64}\.json$/),
      ]),
    );
    expect(result.removed.filter((entry) => entry.startsWith("images/"))).toHaveLength(3);
    expect(coverData(imageStore, dropped, CARD_RECIPE)).toBeNull();
    expect(await readSource(imageStore, `${server.url}/dropped.jpg`)).toBeNull();
    expect(coverData(imageStore, kept, CARD_RECIPE)).not.toBeNull();
    expect(await checkStore(imageStore)).toEqual({
      complete: expect.any(Array),
      incomplete: [],
      missing: [],
      temporary: [],
    });
    expect((await checkStore(imageStore)).complete).toHaveLength(3);
  });
});
