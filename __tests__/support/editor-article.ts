import path from "node:path";
import type { Page } from "@playwright/test";
import type { LinkPages } from "./editor-backend";

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
  await writeBackedBlocks(page);
}

/** The sample images an editor uploads: the stand-in backend stores them where the site serves them. */
const IMAGES_DIR = path.resolve(__dirname, "../../content/blog/images");

/** The page an editor pastes into the link tool, and what the backend's fetcher reads from it. */
export const LINKED_PAGE = "https://www.kindred.app/safety";

/** What the stand-in backend answers for the link tool; `origin` serves the page's picture. */
export function linkedPages(origin: string): LinkPages {
  return {
    [LINKED_PAGE]: {
      title: "Safety tips & habits for a first date",
      description: "Ten small habits that keep a first date safe, from the first message to the ride home.",
      site_name: "Kindred",
      image: { url: `${origin}/blog-images/safety.webp` },
    },
  };
}

/** Adds an empty block of `type` at the end of the article, through the editor's API. */
async function append(page: Page, type: string, data: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate(
    ({ type, data }) => {
      const editor = (
        window as unknown as {
          editor: { blocks: { insert: (...args: unknown[]) => void; getBlocksCount: () => number } };
        }
      ).editor;
      editor.blocks.insert(type, data, undefined, editor.blocks.getBlocksCount(), true);
    },
    { type, data },
  );
}

/** Clicks into a field of the last block that has it, and types as an editor would. */
async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).last().click();
  await page.keyboard.type(text);
}

/** Uploads a sample image through the file picker that clicking `selector` opens. */
async function upload(page: Page, selector: string, file: string): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.locator(selector).last().click();
  await (await chooser).setFiles(path.join(IMAGES_DIR, file));
}

/**
 * Opens the block tunes menu of the block at `index` and clicks `tunes` in it, as an editor does:
 * a text variant by its name, an alignment by its place in the alignment tune's row.
 */
async function tune(page: Page, index: number, tunes: { variant?: string; alignment?: 0 | 1 | 2 }): Promise<void> {
  await page.locator(".ce-block").nth(index).locator(".ce-block__content").click();
  await page.locator(".ce-toolbar__settings-btn").click();
  const menu = page.locator(".ce-popover--opened");
  if (tunes.variant) await menu.locator(`.cdx-text-variant__toggler[data-name="${tunes.variant}"]`).click();
  if (tunes.alignment !== undefined) await menu.locator("button.cdx-settings-button").nth(tunes.alignment).click();
  await page.keyboard.press("Escape");
}

/**
 * The blocks of the tools that talk to a backend, and the tunes: typed into each tool's fields,
 * files picked and uploaded, a link fetched, tunes clicked in each block's menu.
 */
async function writeBackedBlocks(page: Page): Promise<void> {
  // The image blocks above load their pictures now; until they have, the page below them moves,
  // and a click aimed at a button could land where it no longer is.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await append(page, "warning");
  await typeInto(page, ".cdx-warning__title", "Before you go");
  await typeInto(page, ".cdx-warning__message", "Share your live location with a friend & keep your phone charged.");

  await append(page, "attaches");
  await upload(page, ".cdx-attaches__button", "date-map.webp");
  await typeInto(page, ".cdx-attaches__title", "Route map");

  await append(page, "linkTool");
  await typeInto(page, ".link-tool__input", LINKED_PAGE);
  await page.keyboard.press("Enter");
  await page.locator(".link-tool__content--rendered").last().waitFor();

  await append(page, "raw");
  await typeInto(
    page,
    ".ce-rawtool__textarea",
    '<h3>After the date</h3><p>Send a <strong>thank-you</strong> text, then <a href="https://www.kindred.app/safety">check in</a>.</p><ul><li>Home safe?</li><li>Had fun?</li></ul>',
  );

  await append(page, "personality");
  await typeInto(page, ".cdx-personality__name", "Maya Rao");
  await typeInto(
    page,
    ".cdx-personality__description",
    "Relationship coach in Pune, who plans first dates for a living",
  );
  await typeInto(page, ".cdx-personality__link", "https://maya.example/about");
  await upload(page, ".cdx-personality__photo", "self-love.webp");
  // The tool shows the uploaded photo as the background of its photo box.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".cdx-personality__photo")]
      .pop()
      ?.style.background.includes("/blog-images/"),
  );

  const paragraphs: [string, { variant?: string; alignment?: 0 | 1 | 2 }][] = [
    ["Never leave a drink unattended.", { variant: "call-out" }],
    ["Dating is about finding someone whose weirdness matches yours.", { variant: "citation", alignment: 2 }],
    ["Most cafés near the lake close at ten.", { variant: "details" }],
    ["Have a lovely time.", { alignment: 1 }],
  ];
  for (const [text, tunes] of paragraphs) {
    await append(page, "paragraph", { text });
    const count = await page.locator(".ce-block").count();
    await tune(page, count - 1, tunes);
  }
}

/** What the editor saved, with what changes between saves (ids, time) and the image origin left out. */
export function normalizedSave(
  saved: { blocks: { type: string; data: unknown; tunes?: unknown }[]; version: string },
  origin: string,
): { version: string; blocks: { type: string; data: unknown; tunes?: unknown }[] } {
  const text = JSON.stringify(
    saved.blocks.map(({ type, data, tunes }) => (tunes === undefined ? { type, data } : { type, data, tunes })),
  )
    .split(origin)
    .join("");
  return { version: saved.version, blocks: JSON.parse(text) as { type: string; data: unknown; tunes?: unknown }[] };
}
