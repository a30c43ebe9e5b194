import sharp from "sharp";
import { test, expect, waitForHydration } from "./fixtures";
import { indexedArticles } from "./indexed-articles";

// What readers, visitors without JavaScript and social crawlers meet at the edges of the site.

test.describe("Article headings", () => {
  test("every editor heading level is at least the body text's size, bolder than it, and no level outranks a higher one", async ({
    page,
  }) => {
    await page.goto("/blogarticle/first-date-checklist");
    const sizes = await page.locator("[data-article-body]").evaluate((body) => {
      const px = (element: Element | null): { size: number; weight: number } => {
        const style = element ? getComputedStyle(element) : null;
        return { size: style ? parseFloat(style.fontSize) : 0, weight: style ? Number(style.fontWeight) : 0 };
      };
      return {
        paragraph: px(body.querySelector("p")),
        levels: [1, 2, 3, 4, 5, 6].map((level) => ({
          level,
          tag: body.querySelector(`[data-editor-level="${level}"]`)?.tagName,
          ...px(body.querySelector(`[data-editor-level="${level}"]`)),
        })),
      };
    });
    expect(sizes.paragraph.size).toBeGreaterThanOrEqual(16);
    for (const heading of sizes.levels) {
      expect(heading.tag, `editor level ${heading.level}`).toMatch(/^H[2-6]$/);
      expect(heading.size, `editor level ${heading.level}`).toBeGreaterThanOrEqual(sizes.paragraph.size);
      expect(heading.weight, `editor level ${heading.level}`).toBeGreaterThanOrEqual(600);
    }
    for (let index = 1; index < sizes.levels.length; index += 1) {
      expect(sizes.levels[index]!.size).toBeLessThanOrEqual(sizes.levels[index - 1]!.size);
    }
  });
});

test.describe("Blog cards", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a click scrolls smoothly to the top of the list first, then opens the article", async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const card = page.getByRole("article").last();
    const title = await card.getByRole("heading").innerText();
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.evaluate(() => {
      const watch = window as unknown as { seenScrolls: number[]; scrollAtNavigation: number | null };
      watch.seenScrolls = [];
      watch.scrollAtNavigation = null;
      window.addEventListener("scroll", () => {
        if (watch.scrollAtNavigation === null) watch.seenScrolls.push(window.scrollY);
      });
      // Where the page was when the article's address was pushed, that is when navigation began.
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        watch.scrollAtNavigation ??= window.scrollY;
        pushState(...args);
      };
    });
    await card.getByRole("link").click();
    await expect(page).toHaveURL(/\/blogarticle\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const { seenScrolls, scrollAtNavigation } = await page.evaluate(() => {
      const watch = window as unknown as { seenScrolls: number[]; scrollAtNavigation: number | null };
      return { seenScrolls: watch.seenScrolls, scrollAtNavigation: watch.scrollAtNavigation };
    });
    // The list was at its very top when the article opened, and got there in several steps (a jump would be one).
    expect(scrollAtNavigation).toBe(0);
    expect(seenScrolls.length).toBeGreaterThan(3);
    for (let index = 1; index < seenScrolls.length; index += 1)
      expect(seenScrolls[index]!).toBeLessThanOrEqual(seenScrolls[index - 1]!);
  });

  test("a click with a modifier key is left to the browser: no scroll, the list stays", async ({ page, context }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const card = page.getByRole("article").last();
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      card.getByRole("link").click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await popup.close();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });
});

test.describe("Without JavaScript", () => {
  test("on a phone the menu opens with a link, shows every header link, closes again, and its links work", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/terms");
    const banner = page.getByRole("banner");
    const blog = banner.getByRole("link", { name: "Blog" });
    await expect(blog).toBeHidden();
    await banner.getByRole("link", { name: "Menu" }).click();
    for (const name of ["Features", "Blog", "About", "Contact us", "Get the app"]) {
      await expect(banner.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await banner.getByRole("link", { name: "Close the menu" }).click();
    await expect(blog).toBeHidden();
    await banner.getByRole("link", { name: "Menu" }).click();
    await blog.click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");
    await context.close();
  });

  test("the keyboard reaches the menu's links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/privacy");
    await page.getByRole("banner").getByRole("link", { name: "Menu" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "Features" })).toBeFocused();
    await context.close();
  });

  test("the blog's search box, which needs JavaScript, is not offered", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByPlaceholder("Search for your interest")).toBeHidden();
    await expect(page.getByRole("button", { name: "Search" })).toBeHidden();
    await context.close();
  });

  test("with JavaScript the search box is there, and the menu toggle is a button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/blog");
    await waitForHydration(page);
    await expect(page.getByPlaceholder("Search for your interest")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Menu" })).toHaveCount(0);
  });
});

test.describe("Home's About section", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px the illustration's edges are the section's own colour, and the footer follows with no band`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const about = page.locator("#aboutUs");
      await about.scrollIntoViewIfNeeded();
      const image = about.locator("img");
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const background = await about.evaluate((section) => getComputedStyle(section).backgroundColor);
      const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
      const { data, info } = await sharp(await image.screenshot())
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The outer strips, where the old picture's transparent margin ended in a grey hairline.
      const strip = Math.ceil(info.width * 0.035);
      let worst = 0;
      for (let y = 0; y < info.height; y += 1) {
        for (let x = 0; x < info.width; x += 1) {
          if (x >= strip && x < info.width - strip) continue;
          const at = (y * info.width + x) * 3;
          worst = Math.max(worst, Math.abs(data[at]! - r!), Math.abs(data[at + 1]! - g!), Math.abs(data[at + 2]! - b!));
        }
      }
      expect(worst, `the edges differ from ${background} by up to ${worst}`).toBeLessThanOrEqual(10);

      const gap = await page.evaluate(() => {
        const section = document.getElementById("aboutUs")!.getBoundingClientRect();
        const footer = document.getElementById("footer")!.getBoundingClientRect();
        return footer.top - section.bottom;
      });
      expect(Math.abs(gap)).toBeLessThan(1);
    });
  }

  test("other pages keep the footer's space above it", async ({ page }) => {
    await page.goto("/terms");
    const gap = await page.evaluate(
      () =>
        document.getElementById("footer")!.getBoundingClientRect().top -
        document.getElementById("main")!.getBoundingClientRect().bottom,
    );
    expect(gap).toBeGreaterThanOrEqual(32);
  });
});

test.describe("Sharing images", () => {
  async function ogImage(
    page: import("@playwright/test").Page,
    request: import("@playwright/test").APIRequestContext,
    route: string,
  ): Promise<string> {
    await page.goto(route);
    const meta = (property: string) => page.locator(`meta[property="${property}"]`);
    const url = (await meta("og:image").getAttribute("content")) ?? "";
    expect(url).toMatch(/^https?:\/\/[^/]+\/.+\.jpg$/);
    await expect(meta("og:image:type")).toHaveAttribute("content", "image/jpeg");
    await expect(meta("og:image:width")).toHaveAttribute("content", "1200");
    await expect(meta("og:image:height")).toHaveAttribute("content", "630");
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", url);
    const response = await request.get(new URL(url).pathname);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/jpeg");
    const { format, width, height } = await sharp(await response.body()).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    return url;
  }

  test("an article's og:image is a 1200 × 630 JPEG made from its own cover", async ({ page, request }) => {
    const first = await ogImage(page, request, "/blogarticle/first-date-checklist");
    expect(first).toMatch(/\/og\/blogarticle\/first-date-checklist\.jpg$/);
    const second = await ogImage(page, request, "/blogarticle/dating-after-a-breakup");
    const [a, b] = await Promise.all(
      [first, second].map(async (url) => (await request.get(new URL(url).pathname)).body()),
    );
    expect(a!.equals(b!)).toBe(false);
  });

  for (const route of ["/", "/blog", "/terms"]) {
    test(`${route} shares the site-wide 1200 × 630 JPEG`, async ({ page, request }) => {
      expect(await ogImage(page, request, route)).toMatch(/\/og-image\.jpg$/);
    });
  }
});

test.describe("What blog readers' tools expect", () => {
  test("/rss.xml is well-formed RSS 2.0 listing every published article with its body, and every page links it", async ({
    page,
    request,
  }) => {
    const response = await request.get("/rss.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const index = await indexedArticles(request);
    await page.goto("/blog");
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const items = [...doc.getElementsByTagName("item")];
      return {
        error: doc.getElementsByTagName("parsererror")[0]?.textContent ?? null,
        root: doc.documentElement.tagName,
        version: doc.documentElement.getAttribute("version"),
        links: items.map((item) => item.getElementsByTagName("link")[0]?.textContent ?? ""),
        complete: items.every(
          (item) =>
            ["title", "link", "guid", "pubDate", "description", "category"].every(
              (name) => (item.getElementsByTagName(name)[0]?.textContent ?? "") !== "",
            ) && !Number.isNaN(Date.parse(item.getElementsByTagName("pubDate")[0]!.textContent!)),
        ),
        firstBody:
          items[0]?.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded")[0]?.textContent ?? "",
      };
    }, xml);
    expect(feed.error).toBeNull();
    expect(feed).toMatchObject({ root: "rss", version: "2.0", complete: true });
    expect(feed.links.map((link) => new URL(link).pathname)).toEqual(
      index.map((article) => `/blogarticle/${article.slug}`),
    );
    expect(feed.firstBody).toMatch(/<p>[\s\S]+<\/p>/);
    expect(xml).not.toContain("draft-");
    for (const route of ["/", "/blog", "/blogarticle/first-date-checklist", "/terms"]) {
      await page.goto(route);
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        "href",
        "/rss.xml",
      );
    }
  });

  test("the web app manifest names the app, its colours and its icons, maskable ones included, all served from the site", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      background_color: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Kindred",
      short_name: "Kindred",
      theme_color: "#b3124f",
      background_color: "#ffffff",
      start_url: "/",
    });
    expect(manifest.icons.some((icon) => icon.purpose === "maskable" && icon.sizes === "512x512")).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === "any" && icon.sizes === "192x192")).toBe(true);
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith("/")).toBe(true);
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      const { format, width, height } = await sharp(await file.body()).metadata();
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", manifest.theme_color);
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect((await request.get(touch!)).status()).toBe(200);
  });

  test("an article ships no highlighting code: the browser gets no highlight.js", async ({ page, request }) => {
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto("/blogarticle/first-date-checklist");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const source = await (await request.get(new URL(script).pathname)).text();
      expect(source, script).not.toMatch(/highlightAuto|hljs/);
    }
    await expect(page.locator("pre code").first()).toBeVisible();
  });
});
