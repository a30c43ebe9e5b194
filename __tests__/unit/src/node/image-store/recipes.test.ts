/** @jest-environment node */
// The project mocks gatsby-plugin-image for component tests; the recipes need its real getImageData.
jest.unmock("gatsby-plugin-image");
import {
  ARTICLE_RECIPE,
  CARD_RECIPE,
  COVER_RECIPES,
  coverImageData,
  fallbackFormat,
  recipeId,
  SHARING_RECIPE,
  SITE_RECIPES,
  variantFiles,
  variantKey,
} from "../../../../../src/node/image-store/recipes.ts";

const ORIGINAL = "a".repeat(64);

/** Every file name a gatsby-plugin-image data names: its fallback's srcSet and each source's. */
function namedFiles(data: ReturnType<typeof coverImageData>, baseDir: string): string[] {
  const srcSets = [data.images.fallback?.srcSet ?? "", ...(data.images.sources ?? []).map((source) => source.srcSet)];
  return [
    ...new Set(
      srcSets.flatMap((srcSet) =>
        srcSet.split(",").map((entry) =>
          entry
            .trim()
            .split(" ")[0]!
            .slice(baseDir.length + 1),
        ),
      ),
    ),
  ].sort();
}

describe("the site's recipes", () => {
  it("make a card, an article cover and a 1200 × 630 sharing image of every cover", () => {
    expect(COVER_RECIPES).toEqual([CARD_RECIPE, ARTICLE_RECIPE]);
    expect(SITE_RECIPES).toEqual({ covers: COVER_RECIPES, sharing: SHARING_RECIPE });
    expect([SHARING_RECIPE.width, SHARING_RECIPE.height]).toEqual([1200, 630]);
  });
});

describe("recipeId and variantKey", () => {
  it("give a recipe a 16-digit and a variant a 32-digit hex key, the same every time", () => {
    expect(recipeId(CARD_RECIPE)).toMatch(/^[0-9a-f]{16}$/);
    expect(recipeId({ ...CARD_RECIPE })).toBe(recipeId(CARD_RECIPE));
    expect(variantKey(ORIGINAL, CARD_RECIPE)).toMatch(/^[0-9a-f]{32}$/);
    expect(variantKey(ORIGINAL, { ...CARD_RECIPE })).toBe(variantKey(ORIGINAL, CARD_RECIPE));
  });

  it("change with any number of the recipe, and with the original", () => {
    const keys = [
      CARD_RECIPE,
      { ...CARD_RECIPE, quality: 51 },
      { ...CARD_RECIPE, width: 481 },
      { ...CARD_RECIPE, formats: ["auto" as const] },
      { ...CARD_RECIPE, outputPixelDensities: [1, 2] },
      ARTICLE_RECIPE,
      SHARING_RECIPE,
      { ...SHARING_RECIPE, background: "#000000" },
    ].map((recipe) => variantKey(ORIGINAL, recipe));
    expect(new Set(keys).size).toBe(keys.length);
    expect(variantKey("b".repeat(64), CARD_RECIPE)).not.toBe(keys[0]);
  });
});

describe("fallbackFormat", () => {
  it.each([
    ["png", "png"],
    ["webp", "webp"],
    ["avif", "avif"],
    ["jpg", "jpg"],
    ["gif", "jpg"],
    ["tiff", "jpg"],
    ["svg", "jpg"],
  ])("serves a %s original as %s to a browser that reads no modern format", (source, served) => {
    expect(fallbackFormat(source)).toBe(served);
  });
});

describe("variantFiles", () => {
  it("lists each width the card asks for at each density, in the original's format and WebP, none wider than the original", () => {
    const names = variantFiles(CARD_RECIPE, 1200, 675, "jpg").map((file) => file.name);
    expect(names.filter((name) => name.endsWith(".webp")).sort()).toEqual([
      "120x75.webp",
      "353x221.webp",
      "480x300.webp",
      "706x441.webp",
      "960x600.webp",
    ]);
    expect(names.filter((name) => name.endsWith(".jpg"))).toHaveLength(5);
    expect(names).toHaveLength(10);
  });

  it("lists a WebP original's files once, not once as itself and once as WebP", () => {
    const files = variantFiles(ARTICLE_RECIPE, 1920, 1080, "webp");
    expect(files.every((file) => file.format === "webp")).toBe(true);
    expect(new Set(files.map((file) => file.name)).size).toBe(files.length);
  });

  it("names exactly the files gatsby-plugin-image's data for the cover names", () => {
    const baseDir = "/static/0123";
    const data = coverImageData({
      recipe: CARD_RECIPE,
      baseDir,
      sourceWidth: 1200,
      sourceHeight: 675,
      sourceFormat: "jpg",
    });
    expect(namedFiles(data, baseDir)).toEqual(
      variantFiles(CARD_RECIPE, 1200, 675, "jpg")
        .map((file) => file.name)
        .sort(),
    );
  });
});

describe("coverImageData", () => {
  it("is a constrained image at the recipe's width and shape, its files under baseDir, with the stored placeholder and colour", () => {
    const data = coverImageData({
      recipe: CARD_RECIPE,
      baseDir: "/static/0123",
      sourceWidth: 1200,
      sourceHeight: 675,
      sourceFormat: "png",
      placeholderURL: "data:image/webp;base64,AAAA",
      backgroundColor: "#112233",
    });
    expect(data).toMatchObject({ layout: "constrained", width: 480, height: 300, backgroundColor: "#112233" });
    expect(data.placeholder).toEqual({ fallback: "data:image/webp;base64,AAAA" });
    expect(data.images.fallback?.src).toBe("/static/0123/480x300.png");
    expect(data.images.sources?.map((source) => source.type)).toEqual(["image/webp"]);
  });
});
