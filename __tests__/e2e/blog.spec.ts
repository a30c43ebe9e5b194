import type { Page, Route } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { indexedArticles } from "./indexed-articles";

test.describe("Blog list", () => {
  test("page 1 shows 6 cards, no previous arrow, page numbers within 2, and the totals", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");
    await expect(page.getByPlaceholder("Search for your interest")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(6);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/2");
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3"]);
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByText("Total Pages: 5")).toBeVisible();
    await expect(page).toHaveTitle("blog | Kindred");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
  });

  test('"Go to page" reaches the last page, which has no next arrow', async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Go to page: 5" }).click();
    await expect(page).toHaveURL(/\/blog\/5$/);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog/4");
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["3", "4", "5"]);
    await expect(pager.getByRole("link", { name: "Page 5" })).toHaveAttribute("aria-current", "page");
  });

  test("a search finds an article that is on page 3, and clearing it restores the page", async ({ page }) => {
    await page.goto("/blog/3");
    const onPage3 = await page.getByRole("article").first().getByRole("heading").innerText();
    await page.goto("/blog");
    await waitForHydration(page);
    const box = page.getByPlaceholder("Search for your interest");
    await box.fill(onPage3.slice(3, 18).toUpperCase());
    await expect(page.getByRole("article").filter({ hasText: onPage3 })).toBeVisible();
    // The results' own pagination: one page, whose links keep the search.
    await expect(page.getByRole("navigation", { name: "Blog pages" }).getByText("Total Pages: 1")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Page 1" }),
    ).toHaveAttribute("href", /^\/blog\?q=/);
    await box.fill("");
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a search that matches nothing shows "No Blogs Found"', async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    await page.getByPlaceholder("Search for your interest").fill("zzzz no such title");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No Blogs Found")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);
  });

  test("never shows an unpublished draft", async ({ page, request }) => {
    const index = JSON.stringify(await indexedArticles(request));
    expect(index).toContain("first-date-checklist");
    expect(index).not.toContain("draft-");
    // Not built; with no Firebase project configured the fallback route sends it to /404.
    await page.goto("/blogarticle/draft-monsoon-dates");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
  });

  test("the list pages work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await expect(page.getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\/2$/);
    const first = page.getByRole("article").first();
    const title = await first.getByRole("heading").innerText();
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await context.close();
  });
});

test.describe("Blog search", () => {
  const titles = (page: Page) => page.getByRole("article").getByRole("heading").allInnerTexts();

  test("typing shows six cards a page, newest first, the count, and the list's pagination in the address", async ({
    page,
    request,
  }) => {
    const index = await indexedArticles(request);
    const matches = index.filter((entry) => entry.title.toLowerCase().includes("a"));
    expect(matches.length).toBeGreaterThan(12);
    const pages = Math.ceil(matches.length / 6);
    await page.goto("/blog");
    await waitForHydration(page);
    await page.getByPlaceholder("Search for your interest").fill(" A");
    const status = page.getByRole("search").getByRole("status");
    await expect(status).toHaveText(`${matches.length} articles found`);
    await expect(status).toHaveAttribute("aria-live", "polite");
    await expect(status).toBeVisible();
    await expect(page).toHaveURL(/\/blog\?q=%20A$/);
    await expect.poll(() => titles(page)).toEqual(matches.slice(0, 6).map((entry) => entry.title));
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveText(
      ["1", "2", "3"].slice(0, Math.min(3, pages)),
    );
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByText(`Total Pages: ${pages}`)).toBeVisible();
    await expect(pager.getByRole("link", { name: `Go to page: ${pages}` })).toHaveAttribute(
      "href",
      `/blog?q=%20A&page=${pages}`,
    );
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/blog\?q=%20A&page=2$/);
    await expect.poll(() => titles(page)).toEqual(matches.slice(6, 12).map((entry) => entry.title));
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog?q=%20A");
    await pager.getByRole("link", { name: `Go to page: ${pages}` }).click();
    await expect.poll(() => titles(page)).toEqual(matches.slice((pages - 1) * 6).map((entry) => entry.title));
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
  });

  test("the address restores a search, and Back and Forward move between its pages", async ({ page, request }) => {
    const index = await indexedArticles(request);
    const matches = index.filter((entry) => entry.title.toLowerCase().includes("e"));
    expect(matches.length).toBeGreaterThan(12);
    await page.goto("/blog?q=e&page=2");
    await waitForHydration(page);
    await expect(page.getByPlaceholder("Search for your interest")).toHaveValue("e");
    await expect(page.getByRole("search").getByRole("status")).toHaveText(`${matches.length} articles found`);
    await expect.poll(() => titles(page)).toEqual(matches.slice(6, 12).map((entry) => entry.title));
    await page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Page 3" }).click();
    await expect.poll(() => titles(page)).toEqual(matches.slice(12, 18).map((entry) => entry.title));
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?q=e&page=2$/);
    await expect.poll(() => titles(page)).toEqual(matches.slice(6, 12).map((entry) => entry.title));
    await page.goForward();
    await expect(page).toHaveURL(/\/blog\?q=e&page=3$/);
    await expect.poll(() => titles(page)).toEqual(matches.slice(12, 18).map((entry) => entry.title));
  });

  test("an earlier query's answer, arriving after a later one's, never replaces it", async ({ page, request }) => {
    const index = await indexedArticles(request);
    const newest = index[0]!;
    const oldest = index[index.length - 1]!;
    // The oldest article's card is in the first chunk, which the newest's search does not need.
    let heldRoute: Route | null = null;
    let seen: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (seen = resolve));
    await page.route("**/search/c/0.json", (route) => {
      heldRoute = route;
      seen();
    });
    await page.goto("/blog");
    await waitForHydration(page);
    const box = page.getByPlaceholder("Search for your interest");
    await box.fill(oldest.title);
    await held;
    await box.fill(newest.title);
    await expect.poll(() => titles(page)).toEqual([newest.title]);
    const late = page.waitForResponse("**/search/c/0.json");
    await (heldRoute as Route | null)!.continue();
    await late;
    // Two frames after the late answer's arrival: React has committed anything it was given.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect.poll(() => titles(page)).toEqual([newest.title]);
    await expect(page.getByRole("search").getByRole("status")).toHaveText("1 article found");
    await expect(box).toHaveValue(newest.title);
  });
});

test.describe("Article page", () => {
  test("shows the title, two hashtags, the cover, the updated date and every block type", async ({ page }) => {
    await page.goto("/blogarticle/first-date-checklist");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "The First Date Checklist: Everything in One Place",
    );
    await expect(page.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText([
      "#FirstDates",
      "#DatingTips",
    ]);
    await expect(page.getByText("Updated: October 14, 2024")).toBeVisible();
    const article = page.getByRole("article").first();
    await expect(article.locator("pre code").filter({ hasText: "Hi Meera!" })).toHaveCount(1);
    await expect(article.locator("hr").first()).toBeAttached();
    await expect(article.locator("ul ul li, ol ol li").first()).toBeVisible();
    await expect(article.locator("table thead th")).toHaveText(["Situation", "What to do"]);
    await expect(article.locator("blockquote")).toContainText("how you made them feel");
    await expect(article.locator("figure[data-stretched='true'] img")).toBeVisible();
    await expect(article.locator("ol li").first()).toBeVisible();
    await expect(article.getByRole("button", { name: /Load the YouTube content/ })).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle("first date checklist | Kindred");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("BlogPosting");
  });

  test('says "not updated yet" without an updatedOn date', async ({ page }) => {
    await page.goto("/blogarticle/plan-a-relaxed-first-date");
    await expect(page.getByText("Updated: not updated yet")).toBeVisible();
  });

  test("shows at most 3 similar articles, and none for an article sharing no category", async ({ page }) => {
    await page.goto("/blogarticle/first-date-checklist");
    const similar = page.getByRole("region", { name: "Similar articles you may like" });
    await expect(similar.getByRole("article")).toHaveCount(3);
    await page.goto("/blogarticle/long-distance-relationships-that-last");
    await expect(page.getByText("Similar articles you may like")).toHaveCount(0);
  });
});
