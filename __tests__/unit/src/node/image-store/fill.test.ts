/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the store needs its real getImageData.
jest.unmock("gatsby-plugin-image");
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { encoderCalls } from "../../../../../src/node/image-store/encode.ts";
import { CoverError, fillCover, storedOriginalSync, storeOriginal } from "../../../../../src/node/image-store/fill.ts";
import {
  ARTICLE_RECIPE,
  CARD_RECIPE,
  COVER_RECIPES,
  SHARING_RECIPE,
  variantKey,
} from "../../../../../src/node/image-store/recipes.ts";
import { originalPath, readRecord, readSource, sha256, variantDir } from "../../../../../src/node/image-store/store.ts";
import { checkStore } from "../../../../../src/node/image-store/verify.ts";
import { picture } from "../../../../support/pictures";
import { servePictures, type PictureServer } from "../../../../support/serve-pictures";

const RECIPES = { covers: COVER_RECIPES, sharing: SHARING_RECIPE };

let server: PictureServer;
let store: string;

beforeAll(async () => {
  server = await servePictures();
});
afterAll(() => server.close());
beforeEach(async () => {
  store = await mkdtemp(path.join(tmpdir(), "image-store-"));
  server.requests.length = 0;
});
afterEach(() => rm(store, { recursive: true, force: true }));

/** How many encodings `run` made (each recipe made for an original counts one). */
async function encodingsOf(run: () => Promise<unknown>): Promise<number> {
  const before = encoderCalls();
  await run();
  return encoderCalls() - before;
}

describe("the image store", () => {
  test("one picture under two URLs is downloaded twice but encoded once", async () => {
    const bytes = await picture("#b3124f");
    server.put("/a/cover.jpg", bytes);
    server.put("/b/same-picture.jpg", bytes);
    expect(await encodingsOf(() => fillCover(store, { kind: "url", url: `${server.url}/a/cover.jpg` }, RECIPES))).toBe(
      3,
    );
    expect(
      await encodingsOf(() => fillCover(store, { kind: "url", url: `${server.url}/b/same-picture.jpg` }, RECIPES)),
    ).toBe(0);
    const [a, b] = await Promise.all([
      readSource(store, `${server.url}/a/cover.jpg`),
      readSource(store, `${server.url}/b/same-picture.jpg`),
    ]);
    expect(a!.original).toBe(sha256(bytes));
    expect(b!.original).toBe(a!.original);
    expect(readdirSync(path.join(store, "originals"))).toEqual([sha256(bytes)]);
  });

  test("a stored URL is not asked again unless revalidated, and an unchanged one answers 304 without encoding", async () => {
    server.put("/cover.jpg", await picture("#1d4ed8"));
    const source = { kind: "url" as const, url: `${server.url}/cover.jpg` };
    await fillCover(store, source, RECIPES);
    expect(await encodingsOf(() => fillCover(store, source, RECIPES))).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(await encodingsOf(() => fillCover(store, source, RECIPES, { revalidate: true }))).toBe(0);
    expect(server.requests[1]).toEqual({ path: "/cover.jpg", conditional: true, status: 304 });
  });

  test("a picture replaced at the same URL is noticed on revalidation and encoded again under new keys", async () => {
    const first = await picture("#15803d");
    const second = await picture("#7c2d12");
    server.put("/cover.jpg", first);
    const source = { kind: "url" as const, url: `${server.url}/cover.jpg` };
    const before = await fillCover(store, source, RECIPES);
    server.put("/cover.jpg", second);
    let after = before;
    expect(await encodingsOf(async () => (after = await fillCover(store, source, RECIPES, { revalidate: true })))).toBe(
      3,
    );
    expect(server.requests.at(-1)).toEqual({ path: "/cover.jpg", conditional: true, status: 200 });
    expect(after.original).toBe(sha256(second));
    expect(storedOriginalSync(store, source)).toBe(sha256(second));
    expect(variantKey(after.original, CARD_RECIPE)).not.toBe(variantKey(before.original, CARD_RECIPE));
  });

  test("a changed recipe gives new keys, and only the changed recipe is encoded again", async () => {
    server.put("/cover.jpg", await picture("#6d28d9"));
    const source = { kind: "url" as const, url: `${server.url}/cover.jpg` };
    const { original } = await fillCover(store, source, RECIPES);
    const sharper = { ...CARD_RECIPE, quality: 70 };
    const wider = { ...ARTICLE_RECIPE, width: 1000 };
    expect(variantKey(original, sharper)).not.toBe(variantKey(original, CARD_RECIPE));
    expect(variantKey(original, wider)).not.toBe(variantKey(original, ARTICLE_RECIPE));
    expect(
      await encodingsOf(() => fillCover(store, source, { covers: [sharper, ARTICLE_RECIPE], sharing: SHARING_RECIPE })),
    ).toBe(1);
    const record = await readRecord(store, variantKey(original, sharper));
    expect(record!.files).toContain("480x300.jpg");
  });

  test("a record names exactly the files it has, each a real image of the size its name says", async () => {
    server.put("/cover.jpg", await picture("#be185d", 1200, 675));
    const { original } = await fillCover(store, { kind: "url", url: `${server.url}/cover.jpg` }, RECIPES);
    const key = variantKey(original, CARD_RECIPE);
    const record = (await readRecord(store, key))!;
    expect(record.files.sort()).toEqual(
      readdirSync(variantDir(store, key))
        .filter((name) => name !== "record.json")
        .sort(),
    );
    // The card's widths at the densities asked, none wider than the original: as gatsby-plugin-sharp made them.
    expect(record.files.filter((name) => name.endsWith(".webp")).sort()).toEqual([
      "120x75.webp",
      "353x221.webp",
      "480x300.webp",
      "706x441.webp",
      "960x600.webp",
    ]);
    for (const name of record.files) {
      const metadata = await sharp(path.join(variantDir(store, key), name)).metadata();
      expect(`${metadata.width}x${metadata.height}.${metadata.format === "jpeg" ? "jpg" : metadata.format}`).toBe(name);
    }
    expect(record.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(record.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    const og = await sharp(path.join(variantDir(store, variantKey(original, SHARING_RECIPE)), "og.jpg")).metadata();
    expect([og.width, og.height, og.format]).toEqual([1200, 630, "jpeg"]);
  });

  test("a sample file goes through the same store, keyed by its bytes", async () => {
    const file = path.join(store, "..", `${path.basename(store)}-sample.jpg`);
    await writeFile(file, await picture("#0f766e"));
    try {
      const { original } = await fillCover(store, { kind: "file", path: file }, RECIPES);
      expect(original).toBe(sha256(await readFile(file)));
      expect(storedOriginalSync(store, { kind: "file", path: file })).toBe(original);
      expect(await encodingsOf(() => fillCover(store, { kind: "file", path: file }, RECIPES))).toBe(0);
    } finally {
      await rm(file, { force: true });
    }
  });

  test("two fills of the same covers at once leave a valid store with each key encoded", async () => {
    const urls = await Promise.all(
      ["#991b1b", "#1e3a8a", "#3f6212"].map(async (colour, index) => {
        server.put(`/c${index}.jpg`, await picture(colour));
        return `${server.url}/c${index}.jpg`;
      }),
    );
    const fill = () => Promise.all(urls.map((url) => fillCover(store, { kind: "url", url }, RECIPES)));
    await Promise.all([fill(), fill()]);
    const check = await checkStore(store);
    expect(check).toEqual({ complete: expect.any(Array), incomplete: [], missing: [], temporary: [] });
    expect(check.complete).toHaveLength(urls.length * 3);
  });

  test("a picture that does not decode is refused and leaves nothing in the store", async () => {
    server.put("/not-a-picture.jpg", Buffer.from("<html>Access denied</html>"));
    const source = { kind: "url" as const, url: `${server.url}/not-a-picture.jpg` };
    await expect(fillCover(store, source, RECIPES)).rejects.toThrow(CoverError);
    await expect(fillCover(store, source, RECIPES)).rejects.toThrow(/cannot be decoded/);
    expect(existsSync(path.join(store, "sources")) ? readdirSync(path.join(store, "sources")) : []).toEqual([]);
    expect(existsSync(path.join(store, "originals")) ? readdirSync(path.join(store, "originals")) : []).toEqual([]);
  });

  test("a picture cut short (its header reads, its pixels do not) leaves no original, source or file", async () => {
    const whole = await picture("#a16207");
    server.put("/cut.jpg", whole.subarray(0, Math.round(whole.length / 2)));
    const source = { kind: "url" as const, url: `${server.url}/cut.jpg` };
    await expect(fillCover(store, source, RECIPES)).rejects.toThrow(/cannot be encoded/);
    expect(await readSource(store, source.url)).toBeNull();
    expect(existsSync(originalPath(store, sha256(whole.subarray(0, Math.round(whole.length / 2)))))).toBe(false);
    expect(await checkStore(store)).toEqual({ complete: [], incomplete: [], missing: [], temporary: [] });
  });

  test("a redirect is not followed when no policy came with the URL", async () => {
    server.put("/cover.jpg", await picture("#4c1d95"));
    await expect(storeOriginal(store, { kind: "url", url: `${server.url}/redirect/cover.jpg` })).rejects.toThrow(
      /could not be downloaded/,
    );
    expect(server.requests.map((request) => request.path)).toEqual(["/redirect/cover.jpg"]);
  });

  describe("a redirect must pass the policy the first URL passed", () => {
    // The tests' own policy: http and loopback allowed, as for the image servers of every test.
    const policy = { hosts: ["images.example.test"], allowInsecure: true };

    test("to an allowed address, it is followed and the cover is stored under the first URL", async () => {
      server.put("/moved/cover.jpg", await picture("#14532d"));
      server.redirect("/old/cover.jpg", `${server.url}/moved/cover.jpg`);
      const url = `${server.url}/old/cover.jpg`;
      const original = await storeOriginal(store, { kind: "url", url, policy });
      expect((await readSource(store, url))?.original).toBe(original);
      expect(server.requests.map((request) => request.path)).toEqual(["/old/cover.jpg", "/moved/cover.jpg"]);
    });

    test.each([
      ["a cloud metadata server", "http://169.254.169.254/latest/meta-data/", /loopback or private address/],
      ["a private network", "http://10.1.2.3/cover.jpg", /loopback or private address/],
      ["a host the policy does not list", "https://elsewhere.example.test/cover.jpg", /not on an allowed image host/],
      ["a scheme the policy does not allow", "ftp://images.example.test/cover.jpg", /must be an http\(s\) URL/],
    ])("to %s, it is refused and nothing is stored", async (_case, location, why) => {
      server.redirect("/bounce.jpg", location);
      const attempt = storeOriginal(store, { kind: "url", url: `${server.url}/bounce.jpg`, policy });
      await expect(attempt).rejects.toThrow(CoverError);
      await expect(attempt).rejects.toThrow(why);
      await expect(attempt).rejects.toThrow(`was redirected to an address that`);
      expect(await readSource(store, `${server.url}/bounce.jpg`)).toBeNull();
    });

    test("at the second hop as at the first", async () => {
      server.redirect("/hop-1.jpg", "/hop-2.jpg");
      server.redirect("/hop-2.jpg", "http://192.168.0.1/cover.jpg");
      await expect(storeOriginal(store, { kind: "url", url: `${server.url}/hop-1.jpg`, policy })).rejects.toThrow(
        /redirected to an address that points at a loopback or private address.*192\.168\.0\.1/,
      );
      expect(server.requests.map((request) => request.path)).toEqual(["/hop-1.jpg", "/hop-2.jpg"]);
    });

    test("a loop ends after a few redirects", async () => {
      server.redirect("/loop.jpg", "/loop.jpg");
      await expect(storeOriginal(store, { kind: "url", url: `${server.url}/loop.jpg`, policy })).rejects.toThrow(
        "could not be downloaded: more than 5 redirects",
      );
      expect(server.requests).toHaveLength(6);
    });
  });

  test("a URL that answers 404 is refused with its status", async () => {
    await expect(storeOriginal(store, { kind: "url", url: `${server.url}/gone.jpg` })).rejects.toThrow(
      "could not be downloaded: HTTP 404",
    );
  });
});
