import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { test, expect, waitForHydration } from "./fixtures";
import { buildSite } from "../support/site-build";
import { freePort, startScript, stopGroup } from "../support/processes";

// Text as readers and sharing sites see it, on a site built from the sample articles plus one
// written here: its first paragraph and an image caption hold the entities Editor.js stores, and the
// built page must show each character once, never an entity escaped a second time.
const SLUG = "plain-text-and-site-links";
const SOURCE_SAMPLE = "long-distance-relationships-that-last.json";

/** The first paragraph as Editor.js stores it, and the text a reader (and a search engine) must get. */
const FIRST_PARAGRAPH =
  "Rent &amp; bills &lt;3: &quot;who pays?&quot; It&#39;s fine&nbsp;&mdash; caf&#xE9;, 恋愛 😀, l&rsquo;amour <b>&amp;amp;</b> more.";
const FIRST_PARAGRAPH_TEXT = 'Rent & bills <3: "who pays?" It\'s fine — café, 恋愛 😀, l’amour &amp; more.';
const CAPTION = "Tea &amp; cake &lt;3 at <i>Lou&rsquo;s</i> &#128150;";
const CAPTION_TEXT = "Tea & cake <3 at Lou’s 💖";
/** Links as an editor pastes them: to this site (SITE_URL is the default, https://kindred.app), and to a look-alike. */
const LINKS =
  'Read <a href="https://kindred.app/blog?from=article#top">our blog</a>, <a href="https://www.kindred.app/terms">the terms</a> ' +
  'and <a href="https://kindred.app.evil.example/">a look-alike</a>.';

/** The sample article the test's own is copied from, edited: its id, slug, title and blocks. */
function writeContent(): string {
  const content = mkdtempSync(path.join(tmpdir(), "text-and-links-content-"));
  cpSync(path.resolve(__dirname, "../../content/blog"), content, { recursive: true });
  const sample = JSON.parse(readFileSync(path.join(content, SOURCE_SAMPLE), "utf8")) as Record<string, unknown> & {
    content: { blocks: unknown[] };
  };
  const imageBlock = sample.content.blocks.find((block) => (block as { type: string }).type === "image") as {
    data: Record<string, unknown>;
  };
  const article = {
    ...sample,
    id: "textAndLinksMeta01",
    blogId: "textAndLinksBlog01",
    slug: SLUG,
    title: "Plain text and site links",
    // Older than every sample, so the blog's first pages stay as they were.
    lastUpdate: "2020-01-01T09:00:00.000Z",
    content: {
      ...sample.content,
      blocks: [
        { id: "p1", type: "paragraph", data: { text: FIRST_PARAGRAPH } },
        { id: "i1", type: "image", data: { ...imageBlock.data, caption: CAPTION } },
        { id: "p2", type: "paragraph", data: { text: LINKS } },
      ],
    },
  };
  writeFileSync(path.join(content, `${SLUG}.json`), JSON.stringify(article, null, 2));
  return content;
}

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  for (const child of "childNodes" in node ? node.childNodes : []) yield* elements(child);
}

const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attr) => attr.name === name)?.value;
const textOf = (element: Element): string =>
  element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");

let contentDir = "";
let buildDir = "";
let publicDir = "";
let server: ChildProcess | undefined;
let siteUrl = "";
const localServices: string[] = [];

test.describe.configure({ mode: "serial" });
test.use({ allowedOrigins: localServices });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  contentDir = writeContent();
  const build = await buildSite({}, { contentDir });
  buildDir = build.dir;
  if (build.exitCode !== 0) throw new Error(`The build failed:\n${build.output.slice(-3000)}`);
  publicDir = build.publicDir;
  const port = await freePort();
  ({ child: server } = await startScript(
    "scripts/serve.ts",
    { PORT: String(port), PUBLIC_DIR: publicDir },
    /Serving the production build/,
  ));
  siteUrl = `http://127.0.0.1:${port}`;
  localServices.push(siteUrl);
});

test.afterAll(() => {
  stopGroup(server);
  for (const dir of [buildDir, contentDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test("the built page's description, social tags, JSON-LD and image alt carry the text, each character once", () => {
  const html = readFileSync(path.join(publicDir, "blogarticle", SLUG, "index.html"), "utf8");
  const all = [...elements(parse(html))];
  const meta = (key: string, value: string): string | undefined => {
    const found = all.filter((element) => element.tagName === "meta" && attribute(element, key) === value);
    expect(found, `one <meta ${key}="${value}">`).toHaveLength(1);
    return attribute(found[0]!, "content");
  };
  expect(meta("name", "description")).toBe(FIRST_PARAGRAPH_TEXT);
  expect(meta("property", "og:description")).toBe(FIRST_PARAGRAPH_TEXT);
  expect(meta("name", "twitter:description")).toBe(FIRST_PARAGRAPH_TEXT);

  const jsonLd = all.filter(
    (element) => element.tagName === "script" && attribute(element, "type") === "application/ld+json",
  );
  expect(jsonLd).toHaveLength(1);
  expect((JSON.parse(textOf(jsonLd[0]!)) as { description?: string }).description).toBe(FIRST_PARAGRAPH_TEXT);

  const article = all.find((element) => element.tagName === "article");
  const bodyImages = [...elements(article!)].filter(
    (element) => element.tagName === "img" && attribute(element, "loading") === "lazy",
  );
  expect(bodyImages.map((image) => attribute(image, "alt"))).toEqual([CAPTION_TEXT]);
});

test("the page in the browser shows the same text, and the image's accessible name is its caption's text", async ({
  page,
}) => {
  await page.goto(`${siteUrl}/blogarticle/${SLUG}`);
  const body = page.locator("[data-article-body]");
  await expect(body.locator("p").first()).toHaveText(FIRST_PARAGRAPH_TEXT);
  await expect(body.getByRole("img")).toHaveAccessibleName(CAPTION_TEXT);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", FIRST_PARAGRAPH_TEXT);
});

test("links to the site's own pages are site paths in the built page, and a look-alike stays external", () => {
  const html = readFileSync(path.join(publicDir, "blogarticle", SLUG, "index.html"), "utf8");
  const article = [...elements(parse(html))].find((element) => element.tagName === "article");
  const links = [...elements(article!)].filter((element) => element.tagName === "a");
  const written = links.map((link) => [textOf(link), attribute(link, "href"), attribute(link, "target") ?? null]);
  expect(written).toEqual([
    ["our blog", "/blog?from=article#top", null],
    ["the terms", "/terms", null],
    ["a look-alike", "https://kindred.app.evil.example/", "_blank"],
  ]);
});

test("a click on a link to the site's own page opens it without reloading", async ({ page }) => {
  await page.goto(`${siteUrl}/blogarticle/${SLUG}`);
  await waitForHydration(page);
  // A reload would start a new window object and lose this.
  await page.evaluate(() => Object.assign(window, { __sameDocument: "kept" }));
  await page.locator("[data-article-body]").getByRole("link", { name: "our blog" }).click();
  await expect(page).toHaveURL(`${siteUrl}/blog?from=article#top`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to our blog");
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: string }).__sameDocument)).toBe("kept");
});

test("a click on a www. link to the site's own page with a modifier is left to the browser", async ({
  page,
  context,
}) => {
  await page.goto(`${siteUrl}/blogarticle/${SLUG}`);
  await waitForHydration(page);
  const opened = context.waitForEvent("page");
  await page
    .locator("[data-article-body]")
    .getByRole("link", { name: "the terms" })
    .click({ modifiers: ["Shift"] });
  const other = await opened;
  await expect(other).toHaveURL(`${siteUrl}/terms`);
  await other.close();
  await expect(page).toHaveURL(`${siteUrl}/blogarticle/${SLUG}`);
});
