// The HTML renderer and the browser bundle name CSS-module classes separately (css-loader runs in
// both builds; src/node/webpack.ts gives both the same short naming), and the pages are styled by the stylesheet inlined in their HTML before any script
// runs. When the two namings drift apart the markup's classes match no rule and every page loses
// its styles until hydration re-renders it: src/node/webpack.ts changes how the browser bundle
// evaluates CSS modules, which is how that can happen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect } from "./fixtures";
import { builtPages } from "../support/built-pages";
import { SHOWCASE_SLUG } from "../support/editor-article";

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");

/** Whether the stylesheet has a selector naming exactly this class (not one it is the start of). */
const hasRuleFor = (styles: string, name: string): boolean =>
  new RegExp(`\\.${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(styles);

test("every class in a built page's markup has a rule in the stylesheet the page inlines", () => {
  const pages = builtPages(PUBLIC_DIR);
  expect(pages.length).toBeGreaterThan(30);
  for (const file of pages) {
    const html = readFileSync(path.join(PUBLIC_DIR, file), "utf8");
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("\n");
    const classes = new Set(
      [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)).filter(Boolean),
    );
    expect({ file, some: classes.size > 0 }).toEqual({ file, some: true });
    const unstyled = [...classes].filter((name) => !hasRuleFor(styles, name));
    expect({ file, unstyled }).toEqual({ file, unstyled: [] });
  }
});

// Each page inlines only the rules its HTML can use, and its boot script loads the whole stylesheet
// before any script runs (src/node/html/critical-css.ts). Drawn with the inline share alone (the
// whole sheet refused), every element must be styled exactly as with the whole sheet.
const STYLED_PAGES = ["/", "/blog", "/blog/2", `/blogarticle/${SHOWCASE_SLUG}`, "/terms", "/safety", "/no-such-page"];

/** Every element's computed style, and its ::before and ::after, in document order, animations at their start. */
const computedStyles = (): string[] => {
  for (const animation of document.getAnimations()) {
    animation.pause();
    animation.currentTime = 0;
  }
  return [...document.querySelectorAll("body, body *")].flatMap((element) =>
    [null, "::before", "::after"].map((pseudo) => {
      const style = getComputedStyle(element, pseudo);
      // Sorted: the order in which custom properties are listed follows the sheets that declared them.
      const values = [...style].map((property) => `${property}:${style.getPropertyValue(property)}`).sort();
      return `${element.tagName}${pseudo ?? ""} ${values.join(";")}`;
    }),
  );
};

test("every page drawn with only its inline share of the stylesheet is styled as with the whole sheet", async ({
  browser,
  baseURL,
}) => {
  // Fourteen fresh browser contexts, two for each page: more than one test's default 30 s on a loaded machine.
  test.slow();
  const drawn = async (refuseWholeSheet: boolean, pagePath: string): Promise<{ styles: string[]; sheets: number }> => {
    // Without JavaScript the page links the whole sheet in <noscript>; with it refused, only the inline share is left.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    let refused = 0;
    if (refuseWholeSheet)
      await context.route(/\/styles\.[0-9a-f]+\.css$/, async (route) => {
        refused += 1;
        await route.abort();
      });
    const page = await context.newPage();
    await page.goto(pagePath, { waitUntil: "load" });
    const styles = await page.evaluate(computedStyles);
    const sheets = await page.evaluate(
      () => [...document.styleSheets].filter((sheet) => /\/styles\.[0-9a-f]+\.css$/.test(sheet.href ?? "")).length,
    );
    await context.close();
    return { styles, sheets: refuseWholeSheet ? refused : sheets };
  };
  for (const pagePath of STYLED_PAGES) {
    const whole = await drawn(false, pagePath);
    const inline = await drawn(true, pagePath);
    expect({ pagePath, wholeSheetLinked: whole.sheets, refused: inline.sheets }).toEqual({
      pagePath,
      wholeSheetLinked: 1,
      refused: 1,
    });
    const differing = whole.styles.flatMap((style, index) => {
      const other = inline.styles[index] ?? "";
      if (style === other) return [];
      const [theirs, ours] = [new Set(other.split(";")), new Set(style.split(";"))];
      const changed = [
        ...style.split(";").filter((value) => !theirs.has(value)),
        ...other.split(";").filter((value) => !ours.has(value)),
      ];
      return [`${style.split(" ")[0]} ${changed.join(";").slice(0, 300)}`];
    });
    expect({ pagePath, elements: inline.styles.length, differing }).toEqual({
      pagePath,
      elements: whole.styles.length,
      differing: [],
    });
  }
});

test("a page inlines less than the whole stylesheet, then links the whole sheet before its scripts run", async ({
  page,
}) => {
  const response = await page.goto("/terms");
  const html = (await response?.text()) ?? "";
  const inline =
    /<style data-href="(\/styles\.[0-9a-f]+\.css)" data-identity="gatsby-global-css">([^<]*)<\/style>/.exec(html);
  expect(inline).not.toBeNull();
  const whole = await (await page.request.get(inline![1]!)).text();
  expect(inline![2]!.length).toBeLessThan(whole.length * 0.6);
  await expect(page.locator(`style[data-identity="gatsby-global-css"] + link[rel="stylesheet"]`)).toHaveAttribute(
    "href",
    inline![1]!,
  );
  // The scripts went in once the sheet had arrived: the sheet's rules are there when the app runs.
  const timing = async () =>
    page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const sheet = entries.find((entry) => /\/styles\./.test(entry.name));
      const app = entries.find((entry) => /\/app-/.test(entry.name));
      return app && sheet ? { sheetArrived: sheet.responseEnd, appAskedFor: app.startTime } : undefined;
    });
  await expect.poll(timing).toBeDefined();
  const { sheetArrived, appAskedFor } = (await timing())!;
  expect(sheetArrived).toBeLessThanOrEqual(appAskedFor);
});
