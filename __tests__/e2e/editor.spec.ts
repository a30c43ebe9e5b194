import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { test, expect, waitForHydration } from "./fixtures";
import { EDITOR_TOOLS, EDITOR_TUNES, installedVersion, openEditor } from "../support/editor-harness";
import { linkedPages, LONG_URL, normalizedSave, SHOWCASE_SLUG, writeShowcase } from "../support/editor-article";
import { startEditorBackend, type EditorBackend } from "../support/editor-backend";
import { compareBody } from "../support/compare-body";

// The real Editor.js 2.31 and its official tools, driven in Chromium: what they save is the body of
// the sample article content/blog/<SHOWCASE_SLUG>.json, and the built page shows it block by block.
// When a tool's new version saves something else, the first test says which block and field
// changed; `UPDATE_EDITOR_SHOWCASE=1 npx playwright test editor` writes the new output into the
// sample article (rebuild, then check the rendering tests still pass).

const ROOT = path.resolve(__dirname, "../..");
const SHOWCASE_FILE = path.join(ROOT, "content", "blog", `${SHOWCASE_SLUG}.json`);

type Saved = {
  version: string;
  blocks: { type: string; data: Record<string, unknown>; tunes?: Record<string, unknown> }[];
};

let saved: Saved;
let backend: EditorBackend;

test.describe.configure({ mode: "serial" });

// The editor's backend (uploads, link metadata) is a local stand-in; the site's pages never call it.
const backendOrigin: string[] = [];
test.use({ allowedOrigins: backendOrigin });

test.beforeAll(async () => {
  const site = test.info().project.use.baseURL!;
  backend = await startEditorBackend(site, linkedPages(site));
  backendOrigin.push(backend.origin);
});

test.afterAll(async () => {
  await backend?.close();
});

test("the real editor saves the showcase article as committed, tool by tool", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const origin = baseURL!;
  await openEditor(page, origin, backend);
  await writeShowcase(page, origin);
  // Each tool that needs the backend reached it: two uploads and one link fetched.
  expect([...backend.requests].sort()).toEqual(["GET /fetch-url", "POST /upload-file", "POST /upload-photo"]);
  const raw = await page.evaluate(() =>
    (window as unknown as { editor: { save: () => Promise<unknown> } }).editor.save(),
  );
  saved = normalizedSave(raw as Saved, origin) as Saved;

  const article = JSON.parse(readFileSync(SHOWCASE_FILE, "utf8")) as {
    content: { version: string; blocks: ({ id?: string } & Saved["blocks"][number])[] };
  };
  const committed = {
    version: article.content.version,
    blocks: article.content.blocks.map(({ id: _id, ...block }) => block),
  };
  if (process.env.UPDATE_EDITOR_SHOWCASE === "1") {
    article.content = { ...article.content, version: saved.version, blocks: saved.blocks };
    writeFileSync(SHOWCASE_FILE, `${JSON.stringify(article, null, 2)}\n`);
    return;
  }
  const changes = saved.blocks.flatMap((block, index) =>
    JSON.stringify(block) === JSON.stringify(committed.blocks[index])
      ? []
      : [`block ${index}: now ${JSON.stringify(block)}\n  was ${JSON.stringify(committed.blocks[index])}`],
  );
  if (committed.blocks.length !== saved.blocks.length)
    changes.push(`${saved.blocks.length} blocks now, ${committed.blocks.length} committed`);
  if (changes.length > 0) {
    mkdirSync(path.join(ROOT, "reports"), { recursive: true });
    writeFileSync(path.join(ROOT, "reports", "editor-save.json"), JSON.stringify(saved, null, 2));
  }
  const versions = [
    ["@editorjs/editorjs", installedVersion("@editorjs/editorjs")],
    ...[...EDITOR_TOOLS, ...EDITOR_TUNES].map((tool) => [tool.packageName, installedVersion(tool.packageName)]),
  ];
  expect(
    changes,
    `Editor.js ${saved.version} with ${versions.map((v) => v.join("@")).join(", ")} saves differently (reports/editor-save.json)`,
  ).toEqual([]);
  expect(saved.version).toBe(committed.version);
});

test("the built article shows every block as the editor saved it", async ({ page }) => {
  test.skip(process.env.UPDATE_EDITOR_SHOWCASE === "1", "rewriting the sample article");
  await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
  const problems = await page.evaluate(compareBody, { blocks: saved.blocks, selector: "[data-article-body]" });
  expect(problems).toEqual([]);
  // Addresses the image tools saved with "&amp;" reach the browser as the editor was given them.
  const sources = await page
    .locator("[data-article-body] img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  expect(sources).toEqual([
    "/blog-images/date-map.webp?w=1200&q=80",
    "/blog-images/video-call.webp?alt=media&token=abc123",
    "/blog-images/safety.webp",
    "/blog-images/self-love.webp",
  ]);
  for (const image of await page.locator("[data-article-body] img").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test("axe finds nothing on the showcase article", async ({ page }) => {
  await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
  await waitForHydration(page);
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  const violations = await page.evaluate(async () => {
    const { violations } = await (
      window as unknown as {
        axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run();
    return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(" ")).join(", ")}`);
  });
  expect(violations).toEqual([]);
});

test("six editor heading levels look six ways", async ({ page }) => {
  await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
  const looks = await page.locator("[data-article-body] [data-editor-level]").evaluateAll((headings) =>
    headings.map((heading) => {
      const style = getComputedStyle(heading);
      return [style.fontSize, style.fontWeight, style.letterSpacing, style.textTransform, style.color].join(" ");
    }),
  );
  expect(looks).toHaveLength(6);
  expect(new Set(looks).size).toBe(6);
});

test("a checklist is announced with each item's state and cannot be changed", async ({ page }) => {
  await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
  const phone = page.getByRole("checkbox", { name: "Phone charged" });
  await expect(phone).toBeChecked();
  await expect(phone).toBeDisabled();
  await expect(page.getByRole("checkbox", { name: "Ride home booked" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Told a friend where I am" })).toBeChecked();
});

test("a checklist's boxes, ticks and labels keep 4.5:1 against what is behind them", async ({ page }) => {
  await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
  const boxes = page.locator("[data-article-body] input[type=checkbox]");
  expect(await boxes.count()).toBeGreaterThanOrEqual(4);
  const ratios = await boxes.evaluateAll((inputs) => {
    const channels = (colour: string): number[] => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string): number => {
      const [r, g, b] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string): number => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100;
    };
    /** The first opaque background at or above `element`. */
    const behind = (element: Element | null): string => {
      for (let at = element; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if (channels(colour)[3] !== 0) return colour;
      }
      return "rgb(255, 255, 255)";
    };
    return inputs.map((input) => {
      const box = getComputedStyle(input);
      const page = behind(input.parentElement);
      const label = input.closest("label")!;
      return {
        item: label.textContent?.trim(),
        // The box's edge against the page; a ticked box's fill against the page and its white tick.
        edge: contrast(box.borderTopColor, page),
        ...((input as HTMLInputElement).checked ? { tick: contrast(box.backgroundColor, "rgb(255, 255, 255)") } : {}),
        text: contrast(getComputedStyle(label).color, page),
      };
    });
  });
  for (const { item, ...measured } of ratios)
    for (const [part, ratio] of Object.entries(measured))
      expect(ratio, `${item}: ${part} ${ratio}:1`).toBeGreaterThanOrEqual(4.5);
});

for (const width of [320, 390, 1280]) {
  test(`nothing pushes the article sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/blogarticle/${SHOWCASE_SLUG}`);
    await expect(page.getByText(LONG_URL, { exact: false })).toBeVisible();
    // Every picture in, body and similar cards alike, so their real sizes are what is measured
    // (and what the screenshot shows); lazy ones load only once scrolled near.
    for (const image of await page.locator("main img").all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    mkdirSync(path.join(ROOT, "reports"), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, "reports", `editor-showcase-${width}.png`), fullPage: true });
  });
}
