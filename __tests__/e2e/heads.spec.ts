// Every page of the production build carries its own head in its HTML, before any JavaScript runs:
// crawlers and link previews read it there. react-helmet keeps one head per process, and Gatsby
// renders pages two at a time, so a page can lose its head to another (Home once had none).
import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, waitForHydration } from "./fixtures";
import { builtPages, pagePathOf } from "../support/built-pages";

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");
const SITE_URL = "https://kindred.app";

/** Each built page's HTML file and the path it is served at, the fallback route's page left out. */
const servedPages = (): { file: string; pagePath: string }[] =>
  builtPages(PUBLIC_DIR)
    .filter((file) => !file.includes("[...slug]"))
    .map((file) => ({ file, pagePath: pagePathOf(file) }));

test("every built page's HTML has one title, one description and one canonical link, to itself", () => {
  const pages = servedPages();
  expect(pages.length).toBeGreaterThan(30);
  for (const { file, pagePath } of pages) {
    const html = readFileSync(path.join(PUBLIC_DIR, file), "utf8");
    const titles = html.match(/<title[^>]*>[^<]+<\/title>/g) ?? [];
    const descriptions = html.match(/<meta[^>]*name="description"[^>]*content="[^"]+"/g) ?? [];
    const canonicals = [...html.matchAll(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect({ file, titles: titles.length, descriptions: descriptions.length }).toEqual({
      file,
      titles: 1,
      descriptions: 1,
    });
    const expected = pagePath === "/404" ? [`${SITE_URL}/404`] : [`${SITE_URL}${pagePath === "/" ? "/" : pagePath}`];
    expect({ file, canonicals }).toEqual({ file, canonicals: expected });
  }
});

// In the browser the first page keeps the head the build wrote, and react-helmet (kept by the owner's
// decision) is fetched only when another page opens (src/components/layout/PageHead.browser.tsx).
test("a page opened in the app gets its own head from react-helmet, fetched then and not before", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((script) => script.startsWith("/react-helmet-"))).toEqual([]);
  await expect(page).toHaveTitle("Dating for meaningful connections | Kindred");

  await page.locator('nav a[href="/blog"]').first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page).toHaveTitle("blog | Kindred");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}/blog`);
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute("content", `${SITE_URL}/blog`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  expect(scripts.filter((script) => script.startsWith("/react-helmet-"))).toHaveLength(1);

  const card = page.locator('a[href^="/blogarticle/"]').first();
  const href = (await card.getAttribute("href"))!;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}${href}`);
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page).not.toHaveTitle("blog | Kindred");

  await page.goBack();
  await expect(page).toHaveTitle("blog | Kindred");
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "website");
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
  expect(scripts.filter((script) => script.startsWith("/react-helmet-"))).toHaveLength(1);
});
