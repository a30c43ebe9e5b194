/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the encoder needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import {
  describeOriginal,
  drawSharing,
  encodeCover,
  encoderCalls,
  sharingPath,
} from "../../../../../src/node/image-store/encode.ts";
import {
  ARTICLE_RECIPE,
  SHARING_RECIPE,
  variantFiles,
  variantKey,
} from "../../../../../src/node/image-store/recipes.ts";
import {
  originalPath,
  readRecord,
  recordPath,
  sha256,
  variantDir,
  writeOnce,
} from "../../../../../src/node/image-store/store.ts";
import { picture } from "../../../../support/pictures";

let store: string;
beforeEach(async () => {
  store = await mkdtemp(path.join(tmpdir(), "encode-"));
});
afterEach(() => rm(store, { recursive: true, force: true }));

/** Puts `bytes` in the store as an original and returns its digest. */
async function original(bytes: Buffer): Promise<string> {
  const digest = sha256(bytes);
  await writeOnce(originalPath(store, digest), bytes);
  return digest;
}

describe("describeOriginal", () => {
  it("reads a picture's size and format, JPEG as jpg", async () => {
    expect(await describeOriginal(await picture("#b3124f", 800, 450))).toEqual({
      width: 800,
      height: 450,
      format: "jpg",
    });
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    expect(await describeOriginal(png)).toEqual({ width: 40, height: 30, format: "png" });
  });

  it("gives a picture turned a quarter by its EXIF orientation its displayed size", async () => {
    const turned = await sharp(await picture("#1d4ed8", 800, 450))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await describeOriginal(turned)).toEqual({ width: 450, height: 800, format: "jpg" });
  });

  it("refuses what is not a picture", async () => {
    await expect(describeOriginal(Buffer.from("<html>Access denied</html>"))).rejects.toThrow();
  });
});

describe("encodeCover", () => {
  it("writes every file the recipe names, each of its size, then the record, and counts one encoding", async () => {
    const digest = await original(await picture("#15803d", 1920, 1080));
    const before = encoderCalls();
    const record = await encodeCover(store, digest, ARTICLE_RECIPE);
    expect(encoderCalls()).toBe(before + 1);
    const key = variantKey(digest, ARTICLE_RECIPE);
    const expected = variantFiles(ARTICLE_RECIPE, 1920, 1080, "jpg").map((file) => file.name);
    expect(record).toMatchObject({
      recipe: key,
      original: digest,
      sourceWidth: 1920,
      sourceHeight: 1080,
      sourceFormat: "jpg",
      files: expected,
    });
    expect(readdirSync(variantDir(store, key)).sort()).toEqual([...expected, "record.json"].sort());
    expect(await readRecord(store, key)).toEqual(record);
    for (const name of expected) {
      const metadata = await sharp(path.join(variantDir(store, key), name)).metadata();
      expect(`${metadata.width}x${metadata.height}.${metadata.format === "jpeg" ? "jpg" : metadata.format}`).toBe(name);
    }
  });

  it("describes the picture for the page while it loads: a small blurred WebP and its dominant colour", async () => {
    const digest = await original(await picture("#7c2d12", 1200, 675));
    const record = await encodeCover(store, digest, ARTICLE_RECIPE);
    expect(record.placeholder).toMatch(/^data:image\/webp;base64,/);
    const placeholder = await sharp(Buffer.from(record.placeholder.split(",")[1]!, "base64")).metadata();
    expect(placeholder.width).toBe(20);
    // sharp finds the dominant colour in bins of 8 levels: the field's colour, not its light square's.
    expect(record.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    const channels = [1, 3, 5].map((at) => Number.parseInt(record.backgroundColor.slice(at, at + 2), 16));
    [0x7c, 0x2d, 0x12].forEach((level, index) => expect(Math.abs(channels[index]! - level)).toBeLessThan(8));
  });

  it("writes no record when the original cannot be encoded", async () => {
    const digest = await original(Buffer.from("not a picture"));
    await expect(encodeCover(store, digest, ARTICLE_RECIPE)).rejects.toThrow();
    expect(existsSync(recordPath(store, variantKey(digest, ARTICLE_RECIPE)))).toBe(false);
  });
});

describe("drawSharing", () => {
  it("draws a 1200 × 630 JPEG of the original where sharingPath says, and counts one encoding", async () => {
    const digest = await original(await picture("#6d28d9", 1600, 1600));
    const before = encoderCalls();
    const file = await drawSharing(store, digest, SHARING_RECIPE);
    expect(encoderCalls()).toBe(before + 1);
    expect(file).toBe(sharingPath(store, digest, SHARING_RECIPE));
    expect(file).toBe(path.join(variantDir(store, variantKey(digest, SHARING_RECIPE)), "og.jpg"));
    const metadata = await sharp(file).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([1200, 630, "jpeg"]);
  });

  it("flattens a transparent picture on the recipe's white", async () => {
    const clear = await sharp({ create: { width: 1200, height: 630, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const file = await drawSharing(store, await original(clear), SHARING_RECIPE);
    const { dominant } = await sharp(file).stats();
    // White, to sharp's bins of 8 levels (a black background would be 0).
    for (const level of [dominant.r, dominant.g, dominant.b]) expect(level).toBeGreaterThanOrEqual(248);
  });
});
