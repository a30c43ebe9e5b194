import type { Page } from "@playwright/test";

// What an editor writes in the real Editor.js for the showcase article, a first-date plan that uses
// every official tool, and how the test compares the saved blocks with what a reader sees.

/** The slug of the sample article whose body is the real editor's output (content/blog/). */
export const SHOWCASE_SLUG = "a-first-date-plan-in-every-format";

/**
 * A 280-character address pasted as text, which must wrap rather than widen the page. It has no
 * hyphen, space or other place where a browser may break a line of its own accord (an address
 * with hyphens wraps at them without any help from the site's styles).
 */
export const LONG_URL = `https://maps.example/route?stops=${"CafeByTheLakeThenAWalkAlongThePromenade".repeat(6)}&mode=walking`;

/**
 * Writes the showcase article in the editor on `page`: typing (with the bold and italic shortcuts),
 * pasting (a YouTube address becomes an embed), and the editor's API for each tool's block.
 * `origin` is where the images are served; their addresses carry a query with "&".
 */
export async function writeShowcase(page: Page, origin: string): Promise<void> {
  const paragraph = page.locator(".ce-paragraph").first();
  await paragraph.click();
  await page.keyboard.type("Say yes to a ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("second date");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" only when you ");
  await page.keyboard.press("Control+i");
  await page.keyboard.type("want");
  await page.keyboard.press("Control+i");
  await page.keyboard.type(" one & mean it.");
  await page.evaluate(
    ({ origin, longUrl }) => {
      const editor = (window as unknown as { editor: { blocks: { insert: (type: string, data: unknown) => void } } })
        .editor;
      const add = (type: string, data: unknown): void => editor.blocks.insert(type, data);
      const item = (content: string, meta: Record<string, unknown> = {}, items: unknown[] = []) => ({
        content,
        meta,
        items,
      });
      for (const level of [1, 2, 3, 4, 5, 6])
        add("header", {
          text: `Level ${level}: ${["The plan", "Before", "Where", "When", "What to wear", "Small print"][level - 1]}`,
          level,
        });
      add("paragraph", {
        text: 'Pick a place with <code class="inline-code">quiet corners</code>, <mark class="cdx-marker">good light</mark> and <u class="cdx-underline">easy exits</u>; <a href="https://www.kindred.app/safety">our safety tips</a> help.',
      });
      add("paragraph", { text: `The route: ${longUrl}` });
      add("list", {
        style: "ordered",
        meta: { start: 5, counterType: "lower-roman" },
        items: [item("Confirm the time", {}, [item("A day before")]), item("Share your plans")],
      });
      add("list", {
        style: "unordered",
        meta: {},
        items: [item("Water", {}, [item("Sparkling", {}, [item("With lime")])]), item("Tissues")],
      });
      add("list", {
        style: "checklist",
        meta: {},
        items: [item("Phone charged", { checked: true }), item("Ride home booked", { checked: false })],
      });
      add("nestedList", {
        style: "ordered",
        items: [{ content: "Arrive early", items: [{ content: "Ten minutes", items: [] }] }],
      });
      add("checklist", {
        items: [
          { text: "Told a friend where I am", checked: true },
          { text: "Cash for the bill", checked: false },
        ],
      });
      add("image", {
        file: { url: `${origin}/blog-images/date-map.webp?w=1200&q=80` },
        caption: "Halfway &amp; public",
        withBorder: false,
        stretched: true,
        withBackground: false,
      });
      add("simpleImage", {
        url: `${origin}/blog-images/video-call.webp?alt=media&token=abc123`,
        caption: "A call first",
        withBorder: true,
        withBackground: true,
        stretched: false,
      });
      add("embed", {
        service: "coub",
        source: "https://coub.com/view/1czcdf",
        embed: "https://coub.com/embed/1czcdf",
        width: 580,
        height: 320,
        caption: "A loop to <b>smile</b> at",
      });
      add("quote", { text: "Be curious, not <i>nervous</i>.", caption: "Maya, 29", alignment: "center" });
      add("table", {
        withHeadings: true,
        content: [
          ["Place", "Cost"],
          ["Café", "₹400 &amp; up"],
        ],
      });
      add("table", { withHeadings: false, content: [["Walk", "Free"]] });
      add("code", { code: 'Text: "Home safe <3" & sleep' });
      add("delimiter", {});
      add("paragraph", { text: "" });
    },
    { origin, longUrl: LONG_URL },
  );
  // A YouTube address pasted into an empty paragraph: the embed tool turns it into its block.
  await page.locator(".ce-paragraph").last().click();
  await page.evaluate(() => {
    const target = [...document.querySelectorAll(".ce-paragraph")].pop()!;
    const clipboard = new DataTransfer();
    clipboard.setData("text/plain", "https://www.youtube.com/watch?v=M7lc1UVf-VE");
    target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
  });
  await page.locator(".embed-tool").nth(1).waitFor();
}

/** What the editor saved, with what changes between saves (ids, time) and the image origin left out. */
export function normalizedSave(
  saved: { blocks: { type: string; data: unknown }[]; version: string },
  origin: string,
): { version: string; blocks: { type: string; data: unknown }[] } {
  const text = JSON.stringify(saved.blocks.map(({ type, data }) => ({ type, data })))
    .split(origin)
    .join("");
  return { version: saved.version, blocks: JSON.parse(text) as { type: string; data: unknown }[] };
}
