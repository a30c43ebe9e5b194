/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { articleOgImage, isSiteOgImage, SITE_OG_IMAGE } from "../../../../src/lib/og-image";

// Where the sharing images live: the page head (Seo) names them and the build (write-og-images)
// writes them, both through these functions, which must agree on every path.

describe("the sharing image paths", () => {
  it("are the site's JPEG and one per article slug, and nothing else", () => {
    expect(articleOgImage("first-date-checklist")).toBe("/og/blogarticle/first-date-checklist.jpg");
    expect(isSiteOgImage("/og-image.jpg")).toBe(true);
    expect(isSiteOgImage(articleOgImage("first-date-checklist"))).toBe(true);
    expect(isSiteOgImage("/static/abc/cover.webp")).toBe(false);
    expect(isSiteOgImage("https://example.com/og/blogarticle/x.jpg")).toBe(false);
  });
});

describe("every sample article's sharing image", () => {
  const folder = path.join(process.cwd(), "content", "blog");
  const slugs = readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .map((file) => (JSON.parse(readFileSync(path.join(folder, file), "utf8")) as { slug: string }).slug);

  it("has its own path, which the head recognises as one of the site's 1200 × 630 JPEGs", () => {
    expect(slugs.length).toBeGreaterThan(10);
    const paths = slugs.map(articleOgImage);
    expect(new Set(paths).size).toBe(slugs.length);
    expect(paths.filter((imagePath) => !isSiteOgImage(imagePath))).toEqual([]);
    expect(paths).not.toContain(SITE_OG_IMAGE);
  });
});

describe("isSiteOgImage", () => {
  it.each([
    ["a path that climbs out of the folder", "/og/blogarticle/../secret.jpg"],
    ["a slug in capitals", "/og/blogarticle/First-Date.jpg"],
    ["another format", "/og/blogarticle/first-date.png"],
    ["a nested path", "/og/blogarticle/a/b.jpg"],
    ["the site image on another host", `https://cdn.example${SITE_OG_IMAGE}`],
  ])("refuses %s", (_what, imagePath) => {
    expect(isSiteOgImage(imagePath)).toBe(false);
  });
});
