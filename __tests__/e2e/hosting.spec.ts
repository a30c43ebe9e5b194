import { test, expect } from "./fixtures";

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

  test("hashed assets are immutable for a year; page data and the search index revalidate", async ({ request, page }) => {
    await page.goto("/");
    const app = await page.locator('script[src^="/app-"]').getAttribute("src");
    expect((await request.get(app!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request.get("/page-data/index/page-data.json")).headers()["cache-control"]).toContain("max-age=0");
    expect((await request.get("/blog-index.json")).headers()["cache-control"]).toContain("max-age=0");
  });

  test("robots.txt and sitemap.xml point at the site", async ({ request }) => {
    expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/blogarticle/first-date-checklist</loc><lastmod>2024-10-14</lastmod>");
    expect(sitemap).toContain("/blog/4</loc>");
    expect(sitemap).not.toContain("draft-");
    expect(sitemap).not.toContain("/404");
  });
});
