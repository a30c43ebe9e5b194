/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { readdirSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ARTICLE_RECIPE, CARD_RECIPE, coverData, prepareCovers } from "../../../../src/node/covers";
import { encodeCover } from "../../../../src/node/image-store/encode.ts";
import { storedOriginalSync } from "../../../../src/node/image-store/fill.ts";
import { variantDir } from "../../../../src/node/image-store/store.ts";
import { variantKey } from "../../../../src/node/image-store/recipes.ts";
import { picture } from "../../../support/pictures";
import { servePictures, type PictureServer } from "../../../support/serve-pictures";
import { blogPost, listeningReporter, nodesOf, scratchSite } from "../../../support/scratch-site";

let server: PictureServer;
beforeAll(async () => {
  server = await servePictures();
});
afterAll(() => server.close());

describe("prepareCovers, the build's step", () => {
  test("an empty store is filled, each shared cover once; a second build with the full store encodes nothing and links nothing new", async () => {
    const { dir, store, imageStore } = await scratchSite("covers-");
    server.put("/one.jpg", await picture("#7f1d1d"));
    server.put("/two.jpg", await picture("#164e63"));
    const sample = path.join(dir, "sample.jpg");
    await writeFile(sample, await picture("#365314"));
    const posts = [
      blogPost(1, "a", { kind: "url", url: `${server.url}/one.jpg` }),
      blogPost(2, "b", { kind: "url", url: `${server.url}/one.jpg` }),
      blogPost(3, "c", { kind: "url", url: `${server.url}/two.jpg` }),
      blogPost(4, "d", { kind: "file", path: sample }),
      blogPost(5, "e", null),
    ];
    const args = { getNodesByType: nodesOf(posts), store };
    const first = await prepareCovers({ ...args, reporter: listeningReporter() }, {});
    expect(first).toEqual({ covers: 4, encoded: 9, failed: 0, linked: expect.any(Number) });

    // Every file a page will name is in public/, the store's own file under another name.
    for (const post of posts.slice(0, 4)) {
      for (const recipe of [CARD_RECIPE, ARTICLE_RECIPE]) {
        const data = coverData(imageStore, post, recipe)!;
        const urls = [data.images.fallback!.srcSet!, ...(data.images.sources ?? []).map((source) => source.srcSet)]
          .join(",")
          .split(",")
          .map((candidate) => candidate.trim().split(/\s+/)[0]!);
        for (const url of urls) expect(statSync(path.join(dir, "public", url)).nlink).toBeGreaterThanOrEqual(2);
      }
    }
    expect(coverData(imageStore, posts[4]!, CARD_RECIPE)).toBeNull();

    const reporter = listeningReporter();
    const second = await prepareCovers({ ...args, reporter }, {});
    expect(second).toEqual({ covers: 4, encoded: 0, failed: 0, linked: 0 });
    // Nothing asked of the server again: the articles did not change after their URLs were asked.
    expect(server.requests.filter((request) => request.path === "/one.jpg")).toHaveLength(1);
  });

  test("an article edited after its cover was fetched revalidates it; a replaced picture is encoded again and the pages name the new files", async () => {
    const { store, imageStore } = await scratchSite("covers-");
    server.put("/replaced.jpg", await picture("#581c87"));
    const before = blogPost(1, "a", { kind: "url", url: `${server.url}/replaced.jpg` }, "2020-01-01T00:00:00.000Z");
    await prepareCovers({ getNodesByType: nodesOf([before]), store, reporter: listeningReporter() }, {});
    const oldSrc = coverData(imageStore, before, ARTICLE_RECIPE)!.images.fallback!.src;
    server.put("/replaced.jpg", await picture("#0c4a6e"));
    const edited = { ...before, lastUpdate: new Date(Date.now() + 60_000).toISOString() };
    const result = await prepareCovers({ getNodesByType: nodesOf([edited]), store, reporter: listeningReporter() }, {});
    expect(result.encoded).toBe(3);
    expect(coverData(imageStore, edited, ARTICLE_RECIPE)!.images.fallback!.src).not.toBe(oldSrc);
  });

  test("a cover that cannot be had is reported with its document and field, and the article has no cover data", async () => {
    const { store, imageStore } = await scratchSite("covers-");
    server.put("/garbage.jpg", Buffer.from("not a picture"));
    const posts = [
      blogPost(7, "broken", { kind: "url", url: `${server.url}/garbage.jpg` }),
      blogPost(8, "gone", { kind: "url", url: `${server.url}/gone.jpg` }),
    ];
    const reporter = listeningReporter();
    const result = await prepareCovers({ getNodesByType: nodesOf(posts), store, reporter }, {});
    expect(result).toMatchObject({ covers: 2, encoded: 0, failed: 2 });
    expect(reporter.warn).toHaveBeenCalledWith(
      expect.stringMatching(/blogMetaData\/doc-7: field "featureImage" cannot be decoded.*without a cover image/),
    );
    expect(reporter.warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /blogMetaData\/doc-8: field "featureImage" could not be downloaded: HTTP 404.*without a cover image/,
      ),
    );
    expect(posts.map((post) => coverData(imageStore, post, CARD_RECIPE))).toEqual([null, null]);
  });

  test("a cover redirected to a private address is refused with its document and field; an allowed redirect is followed", async () => {
    const { store, imageStore } = await scratchSite("covers-");
    const policy = { hosts: [], allowInsecure: true };
    server.put("/kept.jpg", await picture("#1e3a8a"));
    server.redirect("/moved.jpg", "/kept.jpg");
    server.redirect("/metadata.jpg", "http://169.254.169.254/latest/meta-data/");
    const posts = [
      blogPost(9, "moved", { kind: "url", url: `${server.url}/moved.jpg`, policy }),
      blogPost(10, "metadata", { kind: "url", url: `${server.url}/metadata.jpg`, policy }),
    ];
    const reporter = listeningReporter();
    const result = await prepareCovers({ getNodesByType: nodesOf(posts), store, reporter }, {});
    expect(result).toMatchObject({ covers: 2, failed: 1 });
    expect(reporter.warn.mock.calls).toEqual([
      [
        `[image store] blogMetaData/doc-10: field "featureImage" was redirected to an address that points at a ` +
          `loopback or private address (got "http://169.254.169.254/latest/meta-data/"); covers come only from ` +
          `allowed hosts (${server.url}/metadata.jpg); the article is shown without a cover image.`,
      ],
    ]);
    expect(coverData(imageStore, posts[0]!, CARD_RECIPE)).not.toBeNull();
    expect(coverData(imageStore, posts[1]!, CARD_RECIPE)).toBeNull();
  });

  test("a second writer of a key keeps the first writer's files, so a file linked into public/ stays the store's", async () => {
    const { dir, store, imageStore } = await scratchSite("covers-");
    const sample = path.join(dir, "sample.jpg");
    await writeFile(sample, await picture("#9a3412"));
    const post = blogPost(1, "a", { kind: "file", path: sample });
    await prepareCovers({ getNodesByType: nodesOf([post]), store, reporter: listeningReporter() }, {});
    const original = storedOriginalSync(imageStore, { kind: "file", path: sample })!;
    const folder = variantDir(imageStore, variantKey(original, CARD_RECIPE));
    const inodes = () => readdirSync(folder).map((name) => statSync(path.join(folder, name)).ino);
    const before = inodes();
    // Another process encoding the same key (two builds at once) writes the same names.
    await encodeCover(imageStore, original, CARD_RECIPE);
    expect(inodes()).toEqual(before);
  });
});
