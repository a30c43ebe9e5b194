import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// Covers come from the image store (src/node/image-store) and reach public/ as hard links: every
// file a built page names must be there, served with a year of immutable caching, and no copy.

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");

/** Every /static/<32 hex digits>/… URL named in any built page's src or srcset. */
function coverUrls(): Set<string> {
  const urls = new Set<string>();
  const pages = readdirSync(PUBLIC_DIR, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".html") && statSync(path.join(PUBLIC_DIR, file)).isFile(),
  );
  for (const page of pages) {
    const html = readFileSync(path.join(PUBLIC_DIR, page), "utf8");
    for (const [, value] of html.matchAll(/\s(?:src|srcSet|srcset)="([^"]+)"/g)) {
      for (const candidate of value!.split(",")) {
        const url = candidate.trim().split(/\s+/)[0] ?? "";
        if (/^\/static\/[0-9a-f]{32}\/\d+x\d+\.(?:jpg|png|webp|avif)$/.test(url)) urls.add(url);
      }
    }
  }
  return urls;
}

test("every cover file a built page names is served, immutable for a year, and is a hard link into the store", async ({
  request,
}) => {
  const urls = coverUrls();
  // The sample articles' covers: a card and an article set each, several widths.
  expect(urls.size).toBeGreaterThan(20);
  for (const url of urls) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
    expect(statSync(path.join(PUBLIC_DIR, url)).nlink, `${url} is linked, not copied`).toBeGreaterThanOrEqual(2);
  }
});

test("an article's cover is the page's eager, high-priority image, sized by the store's record", async ({ page }) => {
  await page.goto("/blogarticle/first-date-checklist");
  const cover = page.locator("main picture img").first();
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  await expect(cover).toHaveAttribute("loading", "eager");
  await expect(cover).toHaveAttribute("width", "960");
  await expect(cover).toHaveAttribute("height", "539");
  await expect(cover).toHaveJSProperty("complete", true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
