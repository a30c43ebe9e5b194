import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

test.describe("Hosting rules (firebase.json, as served)", () => {
  for (const route of ["/", "/blog", "/blogarticle/first-date-checklist"]) {
    test(`${route} carries the security headers and a per-page script policy`, async ({ request }) => {
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toContain("object-src 'none'");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"]).toContain("base-uri 'self'");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["cache-control"]).toContain("must-revalidate");
      const html = await response.text();
      const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1] ?? "";
      expect(meta).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(meta).not.toMatch(/script-src[^;]*unsafe-inline/);
    });
  }

  test("hashed assets are immutable for a year; page data and the search index revalidate", async ({
    request,
    page,
  }) => {
    await page.goto("/");
    const app = await page.locator('script[src^="/app-"]').getAttribute("src");
    expect((await request.get(app!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request.get("/page-data/index/page-data.json")).headers()["cache-control"]).toContain("max-age=0");
    expect((await request.get("/search/index.json")).headers()["cache-control"]).toContain("max-age=0");
    expect((await request.get("/search/c/0.json")).headers()["cache-control"]).toContain("max-age=0");
  });

  test("robots.txt and sitemap.xml point at the site", async ({ request }) => {
    expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/blogarticle/first-date-checklist</loc><lastmod>2024-10-14</lastmod>");
    expect(sitemap).toContain("/blog/5</loc>");
    expect(sitemap).not.toContain("draft-");
    expect(sitemap).not.toContain("/404");
  });
});

/** Collects every uncaught error and console.error of a page, from before its first script. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

// Home's HTML carries the hero section; the client-only article route's HTML carries the skeleton.
const HOME_HERO = 'id="hero"';
const ARTICLE_SKELETON = 'aria-label="Loading the article"';

test.describe("Each path is answered by its own HTML", () => {
  const unbuiltArticles = [
    "/blogarticle/published-after-the-build",
    "/blogarticle/draft-monsoon-dates",
    "/blogarticle/First-Date-Checklist",
    "/blogarticle/a/b",
    "/blogarticle",
  ];

  for (const route of unbuiltArticles) {
    test(`${route} is served the client article route's HTML, never Home's`, async ({ request }) => {
      const response = await request.get(route);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).not.toContain(HOME_HERO);
      expect(html).toContain(ARTICLE_SKELETON);
      expect(response.headers()["cache-control"]).toContain("must-revalidate");
    });

    test(`${route} loaded directly hydrates without an error and never shows Home`, async ({ page }) => {
      const errors = watchErrors(page);
      // Fails the test if Home's hero is ever painted, even for a frame before the client route takes over.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.getElementById("hero")) console.error("Home's hero appeared");
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(route);
      await waitForHydration(page);
      // No Firebase project in this build: the client route sends the visitor to /404.
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
      expect(errors).toEqual([]);
    });
  }

  test("a built article, in the wrong case, is not served the built page either", async ({ request }) => {
    const html = await (await request.get("/blogarticle/First-Date-Checklist")).text();
    expect(html).not.toContain("The First Date Checklist: Everything in One Place</h1>");
  });

  for (const route of ["/no/such/page", "/Blog", "/blogarticles"]) {
    test(`${route}, any other unknown path, still shows Home without an error`, async ({ page }) => {
      const errors = watchErrors(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      expect(await response?.text()).toContain(HOME_HERO);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Perfect Match is just a Click Away");
      expect(errors).toEqual([]);
    });
  }

  for (const asset of [
    "/old-chunk.js",
    "/missing.css",
    "/images/missing.png",
    "/page-data/no-such-page/page-data.json",
    "/blogarticle/first-date-checklist/cover.jpg",
    "/fonts/missing.woff2",
  ]) {
    test(`${asset}, a missing file, is a real 404 that no cache keeps`, async ({ request }) => {
      const response = await request.get(asset);
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toContain(HOME_HERO);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl).not.toContain("immutable");
      expect(cacheControl).not.toMatch(/max-age=[1-9]/);
    });
  }

  // Header rules see only the request path, in superstatic and in Firebase Hosting alike, so a
  // missing file whose name looks content-hashed still carries the long caching: only the status is checked.
  for (const asset of ["/app-0123456789abcdef0123.js", "/static/0123456789abcdef0123456789abcdef/1a2b3/missing.webp"]) {
    test(`${asset}, a missing hashed name, is a real 404`, async ({ request }) => {
      const response = await request.get(asset);
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toContain(HOME_HERO);
    });
  }

  test("files that exist keep their caching: hashed scripts, styles and images immutable, others revalidated", async ({
    request,
    page,
  }) => {
    await page.goto("/blog");
    const hashed = await page.evaluate(() =>
      [
        ...[...document.querySelectorAll<HTMLScriptElement>("script[src]")].map(
          (script) => script.getAttribute("src") ?? "",
        ),
        ...[...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map(
          (link) => link.getAttribute("href") ?? "",
        ),
        ...[...document.querySelectorAll<HTMLSourceElement>("source[srcset], img[src]")]
          .map((image) => (image.getAttribute("srcset") ?? image.getAttribute("src") ?? "").split(/[ ,]/)[0] ?? "")
          .filter((src) => src.startsWith("/static/")),
      ].filter((src) => src.startsWith("/")),
    );
    expect(hashed.length).toBeGreaterThan(3);
    for (const asset of hashed) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    }
    for (const asset of ["/~partytown/partytown.js", "/favicon.png", "/favicon.ico", "/search/index.json"]) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).not.toContain("immutable");
    }
  });
});
