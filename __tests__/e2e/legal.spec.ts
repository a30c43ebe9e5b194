import { test, expect } from "./fixtures";
import { SUPPORT_EMAIL } from "../../src/components/legal/SupportEmailLink";

test.describe("Policy pages", () => {
  test("/terms says users must be over 18, accounts may be terminated without notice, 30 days' notice of changes", async ({
    page,
  }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
    const text = await page.getByRole("main").innerText();
    expect(text).toMatch(/over 18/i);
    expect(text).toMatch(/without (prior )?notice/i);
    expect(text).toMatch(/30 days/i);
  });

  test("/privacy lists the collected data", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    const text = await page.getByRole("main").innerText();
    for (const item of [/e-?mail address/i, /first and last name/i, /phone number/i, /usage data/i]) {
      expect(text).toMatch(item);
    }
  });

  test("/safety has the nine numbered sections in order", async ({ page }) => {
    await page.goto("/safety");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Safety and Child Protection Policy");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "1. Introduction",
      "2. Commitment to safety",
      "3. Reporting and enforcement",
      "4. User education",
      "5. Content moderation",
      "6. Collaboration and advisory",
      "7. Compliance with Indian laws",
      "8. Data protection and privacy",
      "9. Contact",
    ]);
    const text = await page.getByRole("main").innerText();
    for (const commitment of [
      /child sexual abuse/i,
      /report/i,
      /mailto:|@/,
      /suspend|ban/i,
      /law enforcement/i,
      /moderation/i,
      /Indian law/i,
    ]) {
      expect(text + (await page.getByRole("main").innerHTML())).toMatch(commitment);
    }
  });

  test("each policy page, built from its Markdown, has its date, contents that lead to numbered sections, and the support address", async ({
    page,
  }) => {
    for (const route of ["/terms", "/privacy", "/safety"]) {
      await page.goto(route);
      const main = page.getByRole("main");
      await expect(main.locator("header time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      await expect(main.locator("header time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

      const contents = main.getByRole("navigation", { name: "Contents" }).getByRole("link");
      const entries = await contents.evaluateAll((links) =>
        links.map((link): [string, string] => [link.getAttribute("href") ?? "", link.textContent ?? ""]),
      );
      expect(entries.length, `${route} lists its sections`).toBeGreaterThan(3);
      const sections = main.locator("article > section");
      await expect(sections).toHaveCount(entries.length);
      for (const [index, [href, title]] of entries.entries()) {
        expect(href, `${route} contents entry ${index + 1}`).toMatch(/^#[a-z0-9-]+$/);
        const section = sections.nth(index);
        await expect(section).toHaveAttribute("id", href.slice(1));
        await expect(section.getByRole("heading", { level: 2 })).toHaveText(`${index + 1}. ${title}`);
      }

      const mailLinks = main.locator('a[href^="mailto:"]');
      expect(await mailLinks.count(), `${route} gives the support address`).toBeGreaterThan(0);
      for (const href of await mailLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
        expect(href).toBe(`mailto:${SUPPORT_EMAIL}`);
      }
      expect(await main.innerText()).not.toMatch(/\{\{|\}\}|\{#/);
    }
  });

  test("every fixed route has a title, description, canonical link and social tags", async ({ page }) => {
    for (const route of ["/", "/terms", "/privacy", "/safety", "/404"]) {
      await page.goto(route);
      await expect(page).toHaveTitle(/Kindred/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
      for (const property of ["og:title", "og:description", "og:type", "og:url", "og:image"]) {
        await expect(page.locator(`meta[property="${property}"]`)).toHaveAttribute("content", /.+/);
      }
    }
  });
});
