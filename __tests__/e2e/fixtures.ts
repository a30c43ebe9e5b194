import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test watches the page's requests: any request to another origin fails the test (the site
 * must never reach the internet), and is aborted so nothing leaves the machine.
 */
export const test = base.extend<{ foreignRequests: string[]; allowedOrigins: string[]; cspViolations: string[] }>({
  /** Every test also fails on a Content-Security-Policy violation, on any page it visits. */
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  /** Other local origins a test may talk to (a Firestore emulator, an image server). */
  allowedOrigins: [[], { option: true }],
  foreignRequests: [
    async ({ page, baseURL, allowedOrigins }, use) => {
      const allowed = new Set([new URL(baseURL ?? "http://127.0.0.1").origin, ...allowedOrigins]);
      const foreign: string[] = [];
      await page.context().route(
        (url) => !allowed.has(url.origin) && !url.protocol.startsWith("data") && !url.protocol.startsWith("blob"),
        async (route) => {
          foreign.push(route.request().url());
          await route.abort();
        },
      );
      await use(foreign);
      expect(foreign, "requests to other origins").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The analytics events the page has pushed to window.dataLayer. */
export async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
}

/** Waits until React has hydrated the page (gatsby-browser marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}

/** Stops links from leaving the site while still letting the page's click handlers run. */
export async function keepLinksOnSite(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element).closest("a");
        if (link && new URL(link.href, location.href).origin !== location.origin) event.preventDefault();
      },
      true,
    );
  });
}
