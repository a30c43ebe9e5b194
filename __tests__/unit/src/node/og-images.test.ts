/** @jest-environment node */
import { mkdir, mkdtemp, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import sharp from "sharp";
import { articleOgImage, isSiteOgImage } from "../../../../src/lib/og-image";
import { createHash } from "node:crypto";
import { drawOgImage, writeOgImages, type Cover } from "../../../../src/node/og-images";

/** A cover as the build knows it: its file and the digest of its content, as Gatsby's File node has it. */
async function known(file: string): Promise<Cover> {
  return { file, digest: createHash("md5").update(await readFile(file)).digest("hex") };
}

/** A stand-in for Gatsby's cache: a map kept across the builds of one test. */
function memoryCache(): BuildArgs["cache"] {
  const values = new Map<string, unknown>();
  return { get: async (key: string) => values.get(key), set: async (key: string, value: unknown) => values.set(key, value) } as unknown as BuildArgs["cache"];
}

/** The query result for articles and their covers (null: no cover). */
/** The node readers of a build with these articles: BlogPost nodes, each naming its cover's File node by id. */
async function articles(covers: [string, string | null][]): Promise<Pick<BuildArgs, "getNodesByType" | "getNode">> {
  const posts: object[] = [];
  const files = new Map<string, object>();
  for (const [index, [slug, file]] of covers.entries()) {
    const fileId = file ? `file-${file}` : undefined;
    if (file) files.set(fileId!, { id: fileId, absolutePath: file, internal: { contentDigest: (await known(file)).digest } });
    posts.push({ id: `post-${index}`, documentId: `doc-${index}`, slug, lastUpdate: "2024-01-01T00:00:00.000Z", fields: fileId ? { featureImageId: fileId } : {}, internal: {} });
  }
  return {
    getNodesByType: ((type: string) => (type === "BlogPost" ? posts : [])) as unknown as BuildArgs["getNodesByType"],
    getNode: ((id: string) => files.get(id)) as unknown as BuildArgs["getNode"],
  };
}

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
      expect(await drawOgImage(await known(await cover(path.join(dir, `${width}x${height}.png`), width, height, true)), target, undefined)).toBe("drawn");
      const meta = await sharp(target).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({ format: "jpeg", width: 1200, height: 630, hasAlpha: false });
    }
  });

  it("keeps an image drawn from a cover with the same content, and draws it when the content or the file differs", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "og-"));
    const source = await known(await cover(path.join(dir, "cover.png"), 600, 400));
    const target = path.join(dir, "out.jpg");
    expect(await drawOgImage(source, target, undefined)).toBe("drawn");
    expect(await drawOgImage(source, target, source.digest)).toBe("kept");
    // Downloaded again, same bytes, a later time: still the same picture.
    const later = new Date(Date.now() + 60_000);
    await utimes(source.file, later, later);
    expect(await drawOgImage(source, target, source.digest)).toBe("kept");
    expect(await drawOgImage(source, target, "digest of another cover")).toBe("drawn");
    await writeFile(target, "");
    expect(await drawOgImage(source, target, source.digest)).toBe("drawn");
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
    const readers = await articles([
      ["with-cover", good],
      ["broken-cover", broken],
      ["no-cover", null],
    ]);
    const reporter = { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() };
    const store = { getState: () => ({ program: { directory: site } }) } as unknown as Store;
    await writeOgImages({ ...readers, reporter: reporter as unknown as Reporter, store, cache: memoryCache() });

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
    const slugs: [string, string][] = [
      ["c-red", red],
      ["a-red", red],
      ["b-wide", wide],
      ["d-red", red],
    ];
    const nodes = slugs.map(([slug]) => ({ slug }));
    const store = { getState: () => ({ program: { directory: site } }) } as unknown as Store;
    const cache = memoryCache();
    const build = async () => {
      const readers = await articles(slugs);
      const reporter = { info: jest.fn(), warn: jest.fn(), panicOnBuild: jest.fn() };
      await writeOgImages({ ...readers, reporter: reporter as unknown as Reporter, store, cache });
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

    // The red cover is downloaded again (an edited article's is): same bytes, a later time. Nothing is drawn.
    const later = new Date(Date.now() + 60_000);
    await utimes(red, later, later);
    expect((await build()).info).toHaveBeenCalledWith("Sharing images: 0 drawn, 0 copied from an article with the same cover, 4 articles in all");

    // The red cover's picture changes: drawn once more, copied again to the two others that use it.
    await cover(red, 1600, 900, true);
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
