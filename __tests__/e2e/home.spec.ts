import { test, expect, dataLayerEvents, keepLinksOnSite, waitForHydration } from "./fixtures";

test.describe("Home", () => {
  test("shows the hero, the features and about sections, and the footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Perfect Match is just a Click Away");
    await expect(page.getByText("Say goodbye to swiping endlessly and hello to meaningful connections.")).toBeVisible();
    await expect(page.locator("#hero").getByRole("link", { name: "Get the app" })).toBeVisible();
    await expect(page.locator("#features")).toBeAttached();
    await expect(page.locator("#aboutUs")).toBeAttached();
    await expect(page.locator("#footer")).toBeAttached();
    await expect(page).toHaveTitle("Dating for meaningful connections | Kindred");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("has every section in the HTML before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Built for real connections" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About us" })).toBeAttached();
    await expect(page.getByText("Copyright ©2023, All rights reserved")).toBeAttached();
    await context.close();
  });

  test("loads the about section's code only when it nears the viewport", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const chunks: string[] = [];
    page.on("request", (request) => chunks.push(request.url()));
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(chunks.some((url) => url.includes("home-about"))).toBe(false);
    const aboutLoaded = page.waitForRequest((request) => request.url().includes("home-about"));
    await page.locator("#aboutUs").scrollIntoViewIfNeeded();
    await aboutLoaded;
    await expect(page.getByRole("heading", { name: "About us" })).toBeVisible();
  });

  test('records "Page Loaded" in the data layer', async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => dataLayerEvents(page)).toContain("Page Loaded");
  });

  test('records "play-store-button-clicked" from the navigation bar\'s Get the app button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    await keepLinksOnSite(page);
    await page.getByRole("banner").getByRole("link", { name: "Get the app" }).click();
    await expect.poll(() => dataLayerEvents(page)).toContain("play-store-button-clicked");
  });

  test("takes the scrolled style of the navigation bar between the hero and the features", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    const header = page.locator("[data-site-nav]");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => {
      const features = document.getElementById("features")!;
      window.scrollTo(0, features.getBoundingClientRect().top + window.scrollY + 50);
    });
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });
});

test.describe("Unknown paths", () => {
  test("an unknown path loaded directly shows Home, kept out of search results", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Perfect Match is just a Click Away");
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  });

  test("an unknown path reached by client-side navigation shows Home", async ({ page }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    await page.evaluate(() =>
      (window as unknown as { ___navigate: (to: string) => void }).___navigate("/somewhere-else"),
    );
    await expect(page).toHaveURL(/\/somewhere-else$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Perfect Match is just a Click Away");
  });

  test("/404 shows the not-found page", async ({ page }) => {
    await page.goto("/404");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops!");
    await expect(page.getByText("The page you requested could not be found.")).toBeVisible();
    await expect(page.getByRole("img", { name: /balloon/ })).toBeVisible();
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Perfect Match is just a Click Away");
  });
});
