import { test, expect, waitForHydration } from "./fixtures";

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
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);
    await box.fill("");
    await expect(page.getByRole("article")).toHaveCount(6);
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toBeVisible();
  });

  test('a search that matches nothing shows "No Blogs Found"', async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    await page.getByPlaceholder("Search for your interest").fill("zzzz no such title");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No Blogs Found")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("never shows an unpublished draft", async ({ page, request }) => {
    const index = await (await request.get("/blog-index.json")).text();
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

test.describe("Article page", () => {
  test("shows the title, two hashtags, the cover, the updated date and every block type", async ({ page }) => {
    await page.goto("/blogarticle/first-date-checklist");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The First Date Checklist: Everything in One Place");
    await expect(page.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText(["#FirstDates", "#DatingTips"]);
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
