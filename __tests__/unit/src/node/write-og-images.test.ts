/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { articleOgImage } from "../../../../src/lib/og-image";
import { prepareCovers } from "../../../../src/node/covers";
import { writeOgImages } from "../../../../src/node/write-og-images";
import { picture } from "../../../support/pictures";
import { blogPost, listeningReporter, nodesOf, scratchSite } from "../../../support/scratch-site";

describe("writeOgImages", () => {
  it("links each article's stored sharing image at the path its page names, shared covers sharing one file, and the site's image for an article without a usable cover", async () => {
    const { dir, store } = await scratchSite("og-site-");
    await writeFile(path.join(dir, "public", "og-image.jpg"), "site image");
    const red = path.join(dir, "red.jpg");
    const wide = path.join(dir, "wide.png");
    await writeFile(red, await picture("#b91c1c"));
    await sharp(await picture("#1d4ed8", 3000, 1000))
      .ensureAlpha(0.3)
      .png()
      .toFile(wide);
    const broken = path.join(dir, "broken.png");
    await writeFile(broken, "not an image");
    const posts = [
      blogPost(1, "a-red", { kind: "file", path: red }),
      blogPost(2, "b-red", { kind: "file", path: red }),
      blogPost(3, "c-wide", { kind: "file", path: wide }),
      blogPost(4, "broken-cover", { kind: "file", path: broken }),
      blogPost(5, "no-cover", null),
    ];
    const args = { getNodesByType: nodesOf(posts), store };
    await prepareCovers({ ...args, reporter: listeningReporter() });
    const reporter = listeningReporter();
    await writeOgImages({ ...args, reporter });

    const file = (slug: string): string => path.join(dir, "public", articleOgImage(slug));
    const meta = await sharp(file("c-wide")).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({
      format: "jpeg",
      width: 1200,
      height: 630,
      hasAlpha: false,
    });
    expect((await stat(file("a-red"))).ino).toBe((await stat(file("b-red"))).ino);
    expect((await stat(file("a-red"))).nlink).toBeGreaterThanOrEqual(3);
    expect(await readFile(file("broken-cover"), "utf8")).toBe("site image");
    expect(await readFile(file("no-cover"), "utf8")).toBe("site image");
    expect(reporter.warn).toHaveBeenCalledTimes(2);
    expect(reporter.warn).toHaveBeenCalledWith(expect.stringContaining("/blogarticle/no-cover"));
    expect(reporter.info).toHaveBeenCalledWith(
      "Sharing images: 3 linked from the image store, 2 with the site's image, 5 articles in all",
    );

    // A second build finds every path holding its file: nothing is linked again.
    const again = listeningReporter();
    await writeOgImages({ ...args, reporter: again });
    expect(again.info).toHaveBeenCalledWith(
      "Sharing images: 0 linked from the image store, 2 with the site's image, 5 articles in all",
    );
  });
});
