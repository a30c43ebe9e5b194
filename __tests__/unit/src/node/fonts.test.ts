/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Store } from "gatsby";
import {
  FALLBACK_FAMILY,
  FONT_FILES,
  FONT_STACK,
  LATIN_FONT_FILE,
  LOCAL_FALLBACKS,
  WEB_FONT_FAMILY,
  fallbackFontFaces,
  publishFonts,
} from "../../../../src/node/fonts";
import { installedOutfitMetrics } from "../../../support/outfit-metrics";

const ROOT = path.resolve(__dirname, "../../../..");
const storeAt = (directory: string): Store => ({ getState: () => ({ program: { directory } }) }) as unknown as Store;

/** The declarations of the @font-face rule of `family` with `weight`, as a map. */
function face(css: string, family: string, weight: string): Record<string, string> {
  const rule = css
    .split("\n")
    .find((line) => line.includes(`font-family: "${family}";`) && line.includes(`font-weight: ${weight};`));
  if (!rule) throw new Error(`no ${weight} face of ${family} in:\n${css}`);
  const body = rule.slice(rule.indexOf("{") + 1, rule.lastIndexOf("}"));
  return Object.fromEntries(
    body
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => [
        declaration.slice(0, declaration.indexOf(":")).trim(),
        declaration.slice(declaration.indexOf(":") + 1).trim(),
      ]),
  );
}

const percent = (value: string | undefined): number => Number.parseFloat(value ?? "NaN");

describe("publishFonts", () => {
  it("copies the installed font files to public/fonts/ under their own names", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "fonts-"));
    await mkdir(path.join(site, FONT_FILES), { recursive: true });
    await writeFile(path.join(site, FONT_FILES, "outfit-latin-wght-normal.woff2"), "font bytes");
    await publishFonts({ store: storeAt(site) });
    expect(await readFile(path.join(site, "public", "fonts", "outfit-latin-wght-normal.woff2"), "utf8")).toBe(
      "font bytes",
    );
  });

  it("reads them from the installed @fontsource-variable/outfit package", async () => {
    await expect(readFile(path.join(ROOT, FONT_FILES, LATIN_FONT_FILE))).resolves.toBeInstanceOf(Buffer);
  });
});

describe("fallbackFontFaces", () => {
  const outfit = installedOutfitMetrics();
  const css = fallbackFontFaces(outfit);

  it("reads Outfit's own vertical metrics from the woff2", () => {
    expect(outfit).toMatchObject({ unitsPerEm: 1000, ascent: 1000, descent: -260, lineGap: 0 });
  });

  it("gives the regular Arial face Outfit's line metrics and average width", () => {
    const regular = face(css, "Outfit Fallback", "100 500");
    // Outfit: ascent 1000, descent 260, gap 0 per 1000 units; Arial's average width is 913/2048.
    const sizeAdjust = outfit.xWidthAvg / outfit.unitsPerEm / (913 / 2048);
    expect(percent(regular["size-adjust"])).toBeCloseTo(sizeAdjust * 100, 2);
    expect(percent(regular["ascent-override"])).toBeCloseTo(100 / sizeAdjust, 2);
    expect(percent(regular["descent-override"])).toBeCloseTo(26 / sizeAdjust, 2);
    expect(regular["line-gap-override"]).toBe("0%");
    expect(regular.src).toBe(
      'local("Arial"), local("ArialMT"), local("Helvetica"), local("Liberation Sans"), local("LiberationSans")',
    );
  });

  it("sizes the bold faces from Outfit Bold's width, which a regular face with a synthetic bold would miss by 4%", () => {
    const bold = face(css, "Outfit Fallback", "600 900");
    // Outfit Bold averages 461 of 1000; Arial Bold 983 of 2048.
    expect(percent(bold["size-adjust"])).toBeCloseTo((0.461 / (983 / 2048)) * 100, 2);
    expect(bold.src).toContain('local("Liberation Sans Bold")');
    const robotoBold = face(css, "Outfit Fallback Roboto", "600 900");
    expect(percent(robotoBold["size-adjust"])).toBeCloseTo((0.461 / (926 / 2048)) * 100, 2);
  });

  it("writes one rule per line for every fallback family, and the font stack lists them after Outfit", async () => {
    expect(css.split("\n")).toHaveLength(LOCAL_FALLBACKS.length * 2);
    expect(FONT_STACK).toBe('"Outfit Variable", "Outfit Fallback", "Outfit Fallback Roboto", sans-serif');
    const globalCss = await readFile(path.join(ROOT, "src", "styles", "global.css"), "utf8");
    // Outfit's stack once the page has loaded (the "webfont" class), the fallbacks alone before.
    expect(globalCss).toContain(`--font-web: ${FONT_STACK};`);
    expect(globalCss).toContain(`--font-body: ${FONT_STACK.replace('"Outfit Variable", ', "")};`);
  });
});

describe("the fallback families", () => {
  it("put Arial, Helvetica and Liberation Sans in one family, and Roboto, narrower in bold, in its own", () => {
    expect(LOCAL_FALLBACKS.map(({ family }) => family)).toEqual([FALLBACK_FAMILY, `${FALLBACK_FAMILY} Roboto`]);
    expect(LOCAL_FALLBACKS[0]!.regular.local).toEqual(
      expect.arrayContaining(["Arial", "Helvetica", "Liberation Sans"]),
    );
    expect(LOCAL_FALLBACKS[1]!.bold.local).toContain("Roboto Bold");
    expect(WEB_FONT_FAMILY).toBe("Outfit Variable");
  });

  it("name their own families in the faces, not capsize's names", () => {
    const css = fallbackFontFaces(installedOutfitMetrics());
    expect(css).not.toContain("Outfit Variable Fallback");
    expect([...css.matchAll(/font-family: "([^"]+)";/g)].map((match) => match[1])).toEqual([
      FALLBACK_FAMILY,
      FALLBACK_FAMILY,
      `${FALLBACK_FAMILY} Roboto`,
      `${FALLBACK_FAMILY} Roboto`,
    ]);
  });
});
