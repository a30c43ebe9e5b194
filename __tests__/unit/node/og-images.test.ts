/** @jest-environment node */
import { mkdir, mkdtemp, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import sharp from "sharp";
import { articleOgImage, isSiteOgImage } from "../../../src/lib/og-image";
import { drawOgImage, writeOgImages } from "../../../src/node/og-images";

async function cover(file: string, width: number, height: number, alpha = false): Promise<string> {
  await sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 20, b: 80, alpha: 0.2 } : "#c8185c" } })
    .png()
    .toFile(file);
  return file;
}

describe("drawOgImage", () => {
  it("crops any cover to a 1200 × 630 JPEG, without transparency", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "og-"));
    for (const [width, height] of [[800, 800], [3000, 1000], [400, 300]] as const) {
      const target = path.join(dir, "og", `${width}x${height}.jpg`);
      expect(await drawOgImage(await cover(path.join(dir, `${width}x${height}.png`), width, height, true), target)).toBe("drawn");
      const meta = await sharp(target).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({ format: "jpeg", width: 1200, height: 630, hasAlpha: false });
    }
  });

  it("keeps an image newer than its cover, and draws it again when the cover changes", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "og-"));
    const source = await cover(path.join(dir, "cover.png"), 600, 400);
    const target = path.join(dir, "out.jpg");
    expect(await drawOgImage(source, target)).toBe("drawn");
    expect(await drawOgImage(source, target)).toBe("kept");
    const later = new Date(Date.now() + 60_000);
    await utimes(source, later, later);
    expect(await drawOgImage(source, target)).toBe("drawn");
  });
});

describe("writeOgImages", () => {
  it("writes an image at the path each article's page names, and the site's image for an article without a usable cover", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "og-site-"));
    await mkdir(path.join(site, "public"));
    await writeFile(path.join(site, "public", "og-image.jpg"), "site image");
    const good = await cover(path.join(site, "good.png"), 1600, 900);
    const broken = path.join(site, "broken.png");
    await writeFile(broken, "not an image");
    const graphql = jest.fn().mockResolvedValue({
      data: {
        allBlogPost: {
          nodes: [
            { slug: "with-cover", featureImage: { absolutePath: good } },
            { slug: "broken-cover", featureImage: { absolutePath: broken } },
            { slug: "no-cover", featureImage: null },
          ],
        },
      },
    });
    const reporter = { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() };
    const store = { getState: () => ({ program: { directory: site } }) } as unknown as Store;
    await writeOgImages({ graphql: graphql as unknown as BuildArgs["graphql"], reporter: reporter as unknown as Reporter, store });

    const file = (slug: string): string => path.join(site, "public", articleOgImage(slug));
    expect((await sharp(file("with-cover")).metadata()).width).toBe(1200);
    expect(await readFile(file("broken-cover"), "utf8")).toBe("site image");
    expect(await readFile(file("no-cover"), "utf8")).toBe("site image");
    expect(reporter.warn).toHaveBeenCalledTimes(2);
    expect(reporter.warn).toHaveBeenCalledWith(expect.stringContaining("/blogarticle/no-cover"));
    expect((await stat(file("with-cover"))).size).toBeGreaterThan(0);
  });
});

describe("writeOgImages with covers shared between articles", () => {
  it("draws each cover once and copies it to the other articles, and a second build does neither", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "og-shared-"));
    await mkdir(path.join(site, "public"));
    await writeFile(path.join(site, "public", "og-image.jpg"), "site image");
    const red = await cover(path.join(site, "red.png"), 1600, 900);
    const wide = await cover(path.join(site, "wide.png"), 3000, 1000, true);
    const nodes = [
      { slug: "c-red", featureImage: { absolutePath: red } },
      { slug: "a-red", featureImage: { absolutePath: red } },
      { slug: "b-wide", featureImage: { absolutePath: wide } },
      { slug: "d-red", featureImage: { absolutePath: red } },
    ];
    const graphql = jest.fn().mockResolvedValue({ data: { allBlogPost: { nodes } } });
    const store = { getState: () => ({ program: { directory: site } }) } as unknown as Store;
    const build = async () => {
      const reporter = { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() };
      await writeOgImages({ graphql: graphql as unknown as BuildArgs["graphql"], reporter: reporter as unknown as Reporter, store });
      return reporter;
    };
    const file = (slug: string): string => path.join(site, "public", articleOgImage(slug));

    expect((await build()).info).toHaveBeenCalledWith("Sharing images: 2 drawn, 2 copied from an article with the same cover, 4 articles in all");
    const [a, c, d, b] = await Promise.all(["a-red", "c-red", "d-red", "b-wide"].map((slug) => readFile(file(slug))));
    expect(c).toEqual(a);
    expect(d).toEqual(a);
    expect(b).not.toEqual(a);
    expect((await sharp(c!).metadata()).width).toBe(1200);

    const mtimes = await Promise.all(nodes.map(async ({ slug }) => (await stat(file(slug))).mtimeMs));
    expect((await build()).info).toHaveBeenCalledWith("Sharing images: 0 drawn, 0 copied from an article with the same cover, 4 articles in all");
    expect(await Promise.all(nodes.map(async ({ slug }) => (await stat(file(slug))).mtimeMs))).toEqual(mtimes);

    // The red cover changes: drawn once more, copied again to the two others that use it.
    const later = new Date(Date.now() + 60_000);
    await utimes(red, later, later);
    expect((await build()).info).toHaveBeenCalledWith("Sharing images: 1 drawn, 2 copied from an article with the same cover, 4 articles in all");
  });
});

describe("the sharing image paths", () => {
  it("are the site's JPEG and one per article slug, and nothing else", () => {
    expect(articleOgImage("first-date-checklist")).toBe("/og/blogarticle/first-date-checklist.jpg");
    expect(isSiteOgImage("/og-image.jpg")).toBe(true);
    expect(isSiteOgImage(articleOgImage("first-date-checklist"))).toBe(true);
    expect(isSiteOgImage("/static/abc/cover.webp")).toBe(false);
    expect(isSiteOgImage("https://example.com/og/blogarticle/x.jpg")).toBe(false);
  });
});
