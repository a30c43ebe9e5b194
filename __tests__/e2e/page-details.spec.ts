import type { Locator, Page, Route } from "@playwright/test";
import { test, expect, dataLayerEvents, keepLinksOnSite, waitForHydration } from "./fixtures";
import sharp from "sharp";
import { indexedArticles } from "./indexed-articles";

// What a visitor meets on the production build that no other spec checks: the Safety link's new
// tab, the blog list's head, intro, cards and search status, an article's cover, image options and
// embeds, the not-found page's robots rules, and where "Get the app" leads.

const BLOG_DESCRIPTION = "Dating advice, relationship tips and stories about modern romance from the Kindred team.";
const DEFAULT_STORE_URL = "https://play.google.com/store/apps/details?id=app.kindred";

const metaContent = (page: Page, selector: string): Locator => page.locator(`head ${selector}`);

/** An element's computed style property, read in the page. */
const styleOf = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test.describe("The 768 px breakpoint", () => {
  test("at 768 px the bar has the menu toggle and two cards a row; at 769 px the links show, and three cards a row", async ({
    page,
  }) => {
    for (const [width, narrow] of [
      [768, true],
      [769, false],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/blog");
      await waitForHydration(page);
      const banner = page.getByRole("banner");
      const toggle = banner.getByRole("button", { name: "Menu" });
      const blogLink = banner.getByRole("link", { name: "Blog", exact: true });
      if (narrow) {
        await expect(toggle, `${width} px`).toBeVisible();
        await expect(blogLink, `${width} px`).toBeHidden();
      } else {
        await expect(toggle, `${width} px`).toBeHidden();
        await expect(blogLink, `${width} px`).toBeVisible();
      }
      const tops = await page
        .getByRole("article")
        .evaluateAll((cards) => cards.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().top)));
      const firstRow = tops.filter((top) => top === tops[0]).length;
      expect(firstRow, `${width} px: cards in the first row`).toBe(narrow ? 2 : 3);
    }
  });

  test("a policy page's contents box switches to two columns at 769 px, with the navigation bar, not before", async ({
    page,
  }) => {
    for (const [width, narrow] of [
      [768, true],
      [769, false],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/terms");
      const contents = page
        .getByRole("navigation", { name: /contents/i })
        .locator("ol, ul")
        .first();
      expect(await styleOf(contents, "column-count"), `${width} px`).toBe(narrow ? "auto" : "2");
    }
  });
});

test.describe("Footer", () => {
  test("the Safety and Child Protection Policy link beside the copyright opens the policy in a new tab", async ({
    page,
    context,
  }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const bottom = page.getByRole("contentinfo").getByText("Copyright ©2023, All rights reserved").locator("xpath=..");
    const link = bottom.getByRole("link", { name: "Safety and Child Protection Policy" });
    await expect(link).toHaveAttribute("href", "/safety");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const [popup] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/safety$/);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Safety and Child Protection Policy");
    // The page the visitor was reading stays where it was.
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("Blog list head", () => {
  const pages = [
    { path: "/blog", title: "blog | Kindred", prev: null, next: "/blog/2" },
    { path: "/blog/2", title: "blog page 2 | Kindred", prev: "/blog", next: "/blog/3" },
    { path: "/blog/3", title: "blog page 3 | Kindred", prev: "/blog/2", next: "/blog/4" },
    { path: "/blog/4", title: "blog page 4 | Kindred", prev: "/blog/3", next: "/blog/5" },
    { path: "/blog/5", title: "blog page 5 | Kindred", prev: "/blog/4", next: null },
  ];

  test('later list pages are titled "blog page N" and link the pages before and after with rel="prev" and rel="next"', async ({
    page,
    request,
  }) => {
    for (const { path, title, prev, next } of pages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title);
      const prevLink = page.locator('head link[rel="prev"]');
      const nextLink = page.locator('head link[rel="next"]');
      if (prev) await expect(prevLink, `${path} rel=prev`).toHaveAttribute("href", prev);
      else await expect(prevLink, `${path} has no rel=prev`).toHaveCount(0);
      if (next) await expect(nextLink, `${path} rel=next`).toHaveAttribute("href", next);
      else await expect(nextLink, `${path} has no rel=next`).toHaveCount(0);
      for (const target of [prev, next]) {
        if (target) expect((await request.get(target)).status(), `${path} links ${target}`).toBe(200);
      }
    }
  });

  test("each list page has the blog's description, its own canonical address and matching social tags", async ({
    page,
  }) => {
    for (const { path, title } of pages.filter((_, i) => i === 0 || i === 2)) {
      await page.goto(path);
      await expect(metaContent(page, 'meta[name="description"]')).toHaveAttribute("content", BLOG_DESCRIPTION);
      const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
      expect(canonical, path).toMatch(new RegExp(`^https?://[^/]+${path}$`));
      const origin = new URL(canonical ?? "").origin;
      const expected: Record<string, string> = {
        'meta[property="og:title"]': title,
        'meta[property="og:description"]': BLOG_DESCRIPTION,
        'meta[property="og:type"]': "website",
        'meta[property="og:url"]': canonical ?? "",
        'meta[property="og:site_name"]': "Kindred",
        'meta[property="og:image"]': `${origin}/og-image.jpg`,
        'meta[property="og:image:type"]': "image/jpeg",
        'meta[property="og:image:width"]': "1200",
        'meta[property="og:image:height"]': "630",
        'meta[name="twitter:card"]': "summary_large_image",
        'meta[name="twitter:title"]': title,
        'meta[name="twitter:description"]': BLOG_DESCRIPTION,
        'meta[name="twitter:image"]': `${origin}/og-image.jpg`,
      };
      for (const [selector, content] of Object.entries(expected)) {
        await expect(metaContent(page, selector), `${path} ${selector}`).toHaveAttribute("content", content);
      }
    }
  });
});

test.describe("Blog list content", () => {
  test("every list page opens with the intro about dating advice, relationship tips and modern romance", async ({
    page,
  }) => {
    for (const path of ["/blog", "/blog/3"]) {
      await page.goto(path);
      const intro = page
        .getByRole("heading", { level: 1, name: "Welcome to our blog" })
        .locator("xpath=following-sibling::p[1]");
      await expect(intro, path).toContainText("Dating advice, relationship tips");
      await expect(intro, path).toContainText("modern romance");
      await expect(intro, path).toBeVisible();
    }
  });

  test("each card shows its article's first category and its own cover, loaded", async ({ page, request }) => {
    const index = await indexedArticles(request);
    await page.goto("/blog");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      const title = await card.getByRole("heading", { level: 2 }).innerText();
      const entry = index.find((candidate) => candidate.title === title);
      expect(entry, `${title} is in the search index`).toBeDefined();
      if (!entry) continue;
      const category = card.getByRole("heading", { level: 2 }).locator("xpath=preceding-sibling::p");
      await expect(category, title).toHaveText(entry.categories[0] ?? "");
      const second = entry.categories[1];
      if (second) await expect(card, `${title} shows only its first category`).not.toContainText(second);
      // The cover is the card's own: the processed files of one source image share its directory.
      const cover = card.locator("img");
      await expect(cover).toBeVisible();
      const directory = entry.image.split("/").slice(0, 3).join("/");
      await expect(cover, title).toHaveAttribute("src", new RegExp(`^${directory}/`));
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: `${title}'s cover loads`,
        })
        .toBe(true);
    }
  });

  test("a card's cover frame shimmers until the cover has loaded, then stops", async ({ page }) => {
    const held: Route[] = [];
    await page.route(/\/static\/.+\.(webp|avif|jpg|png)$/, (route) => {
      held.push(route);
    });
    await page.goto("/blog", { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    const frame = page.getByRole("article").first().locator("img").locator("xpath=ancestor::div[1]");
    await expect.poll(() => held.length, { message: "the first cover is requested" }).toBeGreaterThan(0);
    expect(await styleOf(frame, "animation-name")).not.toBe("none");
    expect(await styleOf(frame, "background-image")).toContain("gradient");
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(/\/static\/.+\.(webp|avif|jpg|png)$/);
    await expect
      .poll(() => styleOf(frame, "animation-name"), { message: "the shimmer stops once the cover is in" })
      .toBe("none");
  });
});

test.describe("Search status", () => {
  const PIECES = "**/search/**";

  test('screen readers hear "Searching…" while the index loads, then how many articles were found', async ({
    page,
    request,
  }) => {
    const index = await indexedArticles(request);
    const matching = (text: string): number => index.filter((entry) => entry.title.toLowerCase().includes(text)).length;
    expect(matching("date")).toBeGreaterThan(1);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(PIECES, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/blog");
    await waitForHydration(page);
    const status = page.getByRole("search").getByRole("status");
    await expect(status).toHaveText("");
    const box = page.getByPlaceholder("Search for your interest");
    await box.fill("date");
    await expect(status).toHaveText("Searching…");
    // Sighted visitors see it too, where the cards were.
    await expect(page.getByRole("main").locator("p:not([role='status'])", { hasText: "Searching…" })).toBeVisible();
    release();
    await expect(status).toHaveText(`${matching("date")} articles found`);
    await expect(status).toBeVisible();
    const only = index[0]?.title ?? "";
    await box.fill(only);
    await expect(status).toHaveText("1 article found");
    await box.fill("zzzz no such title");
    await expect(status).toHaveText("0 articles found");
    await box.fill("");
    await expect(status).toHaveText("");
  });

  test("a failed index fetch says so, with a console warning, and the next keystroke tries again", async ({
    page,
    request,
  }) => {
    const index = await indexedArticles(request);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    let failing = true;
    let fetches = 0;
    await page.route(PIECES, async (route) => {
      fetches += 1;
      if (failing) await route.fulfill({ status: 503, body: "unavailable" });
      else await route.continue();
    });
    await page.goto("/blog");
    await waitForHydration(page);
    const status = page.getByRole("search").getByRole("status");
    const box = page.getByPlaceholder("Search for your interest");
    await box.fill("date");
    await expect(status).toHaveText("Search is unavailable right now. Type again to retry.");
    await expect(
      page.getByRole("main").locator("p:not([role='status'])", { hasText: "Search is unavailable right now." }),
    ).toBeVisible();
    expect(warnings.filter((text) => text.includes("The search index could not be loaded")).length).toBeGreaterThan(0);
    await expect(page.getByRole("article")).toHaveCount(0);
    failing = false;
    const failedFetches = fetches;
    await box.press("s");
    const expected = index.filter((entry) => entry.title.toLowerCase().includes("dates")).length;
    await expect(status).toHaveText(`${expected} ${expected === 1 ? "article" : "articles"} found`);
    expect(fetches).toBeGreaterThan(failedFetches);
    await expect(page.getByRole("article")).toHaveCount(Math.min(expected, 6));
  });
});

test.describe("Article page", () => {
  test("shows the article's own cover, loaded, between its hashtags and its updated date", async ({
    page,
    request,
  }) => {
    const index = await indexedArticles(request);
    /** A picture served by the site, shrunk to 8 × 5 pixels: enough to tell one cover from another. */
    const thumbnail = async (url: string): Promise<number[]> => {
      const bytes = await (await request.get(url)).body();
      return [...(await sharp(bytes).resize(8, 5, { fit: "fill" }).removeAlpha().raw().toBuffer())];
    };
    const difference = (a: number[], b: number[]): number =>
      a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
    const covers: number[][] = [];
    for (const slug of ["first-date-checklist", "video-call-before-meeting"]) {
      const entry = index.find((candidate) => candidate.slug === slug);
      expect(entry, slug).toBeDefined();
      await page.goto(`/blogarticle/${slug}`);
      const article = page.getByRole("article").first();
      const cover = article.locator(":scope > picture img");
      await expect(cover, slug).toBeVisible();
      // The card and the cover are encoded apart (other sizes, other files), from the same picture.
      const shown = await thumbnail((await cover.getAttribute("src"))!);
      expect(
        difference(shown, await thumbnail(entry!.image)),
        `${slug}'s cover is made from its own image`,
      ).toBeLessThan(12);
      covers.push(shown);
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: `${slug}'s cover loads`,
        })
        .toBe(true);
      const order = await article.evaluate((element) =>
        [...element.children].map((child) =>
          child.tagName === "PICTURE"
            ? "cover"
            : child.tagName === "HEADER"
              ? "header"
              : child.textContent?.startsWith("Updated:")
                ? "updated"
                : "other",
        ),
      );
      expect(order.slice(0, 3), slug).toEqual(["header", "cover", "updated"]);
    }
    // The comparison tells covers apart: the two articles' pictures differ.
    expect(difference(covers[0]!, covers[1]!)).toBeGreaterThan(12);
  });

  test("a bordered image gets a border, and an image with a background a tinted, padded backdrop; a plain one neither", async ({
    page,
  }) => {
    await page.goto("/blogarticle/video-call-before-meeting");
    const bordered = page.locator("figure[data-border='true'] img").first();
    await expect(bordered).toBeVisible();
    expect(await styleOf(bordered, "border-top-style")).toBe("solid");
    expect(parseFloat(await styleOf(bordered, "border-top-width"))).toBeGreaterThan(0);

    await page.goto("/blogarticle/conversation-starters-that-work");
    const backed = page.locator("figure[data-background='true']").first();
    await expect(backed).toBeVisible();
    expect(await styleOf(backed, "background-color")).not.toBe("rgba(0, 0, 0, 0)");
    expect(parseFloat(await styleOf(backed, "padding-left"))).toBeGreaterThan(0);
    expect(parseFloat(await styleOf(backed, "padding-top"))).toBeGreaterThan(0);

    await page.goto("/blogarticle/first-date-checklist");
    const plain = page.locator("figure[data-border='false'][data-background='false']").first();
    await expect(plain).toBeVisible();
    expect(await styleOf(plain, "background-color")).toBe("rgba(0, 0, 0, 0)");
    expect(parseFloat(await styleOf(plain.locator("img"), "border-top-width"))).toBe(0);
  });

  test("an embed's frame is requested only when its button is pressed, and then shows the service's player", async ({
    page,
  }) => {
    const frameRequests: string[] = [];
    // The player itself never leaves the machine: a local stand-in answers for it.
    await page.route("https://www.youtube-nocookie.com/**", async (route) => {
      frameRequests.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>player</title><p>Stand-in player</p>",
      });
    });
    await page.goto("/blogarticle/first-date-checklist");
    await waitForHydration(page);
    const article = page.getByRole("article").first();
    const button = article.getByRole("button", { name: /Load the YouTube content/ });
    await expect(button).toContainText("It comes from www.youtube-nocookie.com");
    await expect(article.locator("iframe")).toHaveCount(0);
    expect(frameRequests).toEqual([]);
    await button.click();
    const frame = article.locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE");
    await expect(frame).toHaveAttribute("title", "YouTube embed");
    await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
    await expect(button).toHaveCount(0);
    await expect(page.frameLocator("iframe[title='YouTube embed']").getByText("Stand-in player")).toBeVisible();
    expect(frameRequests).toEqual(["https://www.youtube-nocookie.com/embed/M7lc1UVf-VE"]);
  });
});

test.describe("Not-found page and robots", () => {
  test("/404 asks search engines not to index it, and robots.txt disallows /404 for every crawler", async ({
    page,
    request,
  }) => {
    await page.goto("/404");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const robots = await (await request.get("/robots.txt")).text();
    // robots.txt groups are separated by blank lines; the rule must be in the group for every crawler.
    const everyCrawler = robots.split(/\n\s*\n/).find((group) => /^User-agent: \*$/m.test(group));
    expect(everyCrawler?.split("\n").map((line) => line.trim())).toContain("Disallow: /404");
    // The control: pages meant for search results carry no such tag.
    await page.goto("/blog");
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
  });
});

test.describe('"Get the app"', () => {
  test("both buttons lead to the store listing in a new tab", async ({ page }) => {
    const expected = process.env.GATSBY_STORE_URL?.trim() || DEFAULT_STORE_URL;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const buttons = [
      page.getByRole("banner").getByRole("link", { name: "Get the app" }),
      page.locator("#hero").getByRole("link", { name: "Get the app" }),
    ];
    for (const button of buttons) {
      await expect(button).toHaveAttribute("href", expected);
      await expect(button).toHaveAttribute("target", "_blank");
      await expect(button).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("the hero's button records no analytics event; the navigation bar's records one", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    await keepLinksOnSite(page);
    await page.locator("#hero").getByRole("link", { name: "Get the app" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Get the app" }).click();
    // Each click records synchronously, in order: once the navigation bar's event is in, the
    // hero's click (made before it) has had its turn.
    await expect.poll(() => dataLayerEvents(page)).toContain("play-store-button-clicked");
    expect((await dataLayerEvents(page)).filter((event) => event === "play-store-button-clicked")).toHaveLength(1);
  });
});
