import { test, expect, waitForHydration } from "./fixtures";

test.describe("Navigation bar on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens, closes, and closes when an item is clicked", async ({ page }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    const blogLink = page.getByRole("banner").getByRole("link", { name: "Blog" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(blogLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(blogLink).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(blogLink).toBeHidden();

    await toggle.click();
    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL(/\/#aboutUs$/);
  });

  test("Escape closes the menu and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });
});

test.describe("Navigation bar on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows its links without a menu toggle", async ({ page }) => {
    await page.goto("/privacy");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Menu" })).toBeHidden();
    const expected: [string, string][] = [
      ["Features", "/#features"],
      ["Blog", "/blog"],
      ["About", "/#aboutUs"],
      ["Contact us", "#footer"],
    ];
    for (const [name, href] of expected) {
      await expect(banner.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(banner.getByRole("link", { name: "Kindred" })).toHaveAttribute("href", "/");
  });
});

test.describe("Hash links", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("/#aboutUs from /terms goes Home and scrolls to the about section", async ({ page }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/#aboutUs$/);
    const about = page.locator("#aboutUs");
    await expect(about).toBeInViewport();
    await expect.poll(() => about.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(100);
  });

  test("/#aboutUs lands on the about section even when the section above it arrives later", async ({ page }) => {
    // Hold the Features chunk until About is in the document: Features then replaces its
    // placeholder, of another height, after the scroll to About was aimed.
    let releaseFeatures: () => void = () => undefined;
    const featuresHeld = new Promise<void>((resolve) => {
      releaseFeatures = resolve;
    });
    await page.route(/\/home-features-[^/]*\.js$/, async (route) => {
      await featuresHeld;
      await route.continue();
    });
    await page.goto("/terms");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/#aboutUs$/);
    await page.locator("#aboutUs").waitFor();
    releaseFeatures();
    await page.locator("#features").waitFor();
    await expect
      .poll(() => page.locator("#aboutUs").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await expect
      .poll(() => page.locator("#aboutUs").evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(0);
  });

  test("a page opened with #features lands on the features section", async ({ page }) => {
    await page.goto("/#features");
    await waitForHydration(page);
    await expect(page.locator("#features")).toBeInViewport();
  });

  test("Contact us scrolls smoothly to the footer of the current page", async ({ page }) => {
    await page.goto("/privacy");
    await waitForHydration(page);
    const positions: number[] = [];
    await page.exposeFunction("recordScroll", (y: number) => positions.push(y));
    await page.evaluate(() =>
      window.addEventListener("scroll", () =>
        (window as unknown as { recordScroll: (y: number) => void }).recordScroll(window.scrollY),
      ),
    );
    await page.getByRole("banner").getByRole("link", { name: "Contact us" }).click();
    await expect(page.locator("#footer")).toBeInViewport();
    await expect(page).toHaveURL(/\/privacy#footer$/);
    // A smooth scroll passes through several intermediate positions; a jump has one.
    await expect.poll(() => positions.length).toBeGreaterThan(3);
  });
});

test.describe("Footer", () => {
  test("shows the contact info, the important links and the copyright", async ({ page }) => {
    await page.goto("/safety");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Contact info" })).toBeVisible();
    await expect(footer.getByText(/Bengaluru/)).toBeVisible();
    await expect(footer.getByText(/\b\d{6}\b/)).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Important Links" })).toBeVisible();
    await expect(footer.getByText("Stay informed about our monthly promotions & more")).toBeVisible();
    await expect(footer.getByText("Copyright ©2023, All rights reserved")).toBeVisible();
    const links = footer.getByRole("heading", { name: "Important Links" }).locator("xpath=..").getByRole("link");
    await expect(links).toHaveText(["Features", "Blog", "About", "Privacy Policies", "Terms and Conditions"]);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/#features", "/blog", "/#aboutUs", "/privacy", "/terms"]);
    for (const name of ["Privacy Policies", "Terms and Conditions"]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("target", "_blank");
    }
  });

  test("social links open in a new tab without giving the new page access to this one", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of [/Instagram/, /LinkedIn/, /E-mail/]) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(footer.getByRole("link", { name: /E-mail/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("a legal link opens its page in a new tab", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" }).click(),
    ]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/terms$/);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  });
});

test.describe("Newsletter", () => {
  test("a valid address gets the success toast, the field is cleared, and nothing is sent", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const sent: string[] = [];
    page.on("request", (request) => sent.push(`${request.method()} ${request.url()}`));
    const field = page.getByLabel("Email address");
    await field.fill("asha@example.in");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Thank you for subscribing!" })).toBeVisible();
    await expect(field).toHaveValue("");
    expect(sent.filter((line) => !/\.(js|css|woff2|webp|avif)$/.test(line) && !line.includes("home-"))).toEqual([]);
  });

  test("an invalid address gets the error toast at the top right, and the field is cleared", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/terms");
    await waitForHydration(page);
    const field = page.getByLabel("Email address");
    await field.fill("asha@example.c");
    await field.press("Enter");
    const toast = page.getByRole("alert").filter({ hasText: "Please enter a valid email address." });
    await expect(toast).toBeVisible();
    await expect(field).toHaveValue("");
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(120);
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 120);
  });

  test("the toast closes by itself after about 5 seconds", async ({ page }) => {
    test.setTimeout(20_000);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Email address").fill("asha@example.in");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByText("Thank you for subscribing!");
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await expect(toast).toBeHidden({ timeout: 9_000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(4_000);
    expect(elapsed).toBeLessThan(7_500);
  });
});
