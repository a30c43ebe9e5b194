// Performance budgets of the production build, where they can be checked deterministically: the
// JavaScript each page loads before any interaction (from the build on disk, gzipped), the largest
// image of the image-led pages (in the HTML, fetched first, never lazy, no wider than its slot),
// the metric-matched font fallback, and nothing published that no visitor fetches. Timed figures
// (LCP, TBT) vary with the machine: they are measured by `npm run bench:lighthouse`, not here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { bootScriptsIn } from "../../src/node/html/boot-script";
import { COMPILE_HINT } from "../../src/node/compile-hint";
import { SOURCE_MAP_DIR } from "../../src/node/webpack";
import { CHUNK_MODULES_FILE } from "../../src/node/chunk-modules";
import { HELMET_PACKAGES, scriptShare } from "./first-load-share";
import { test, expect } from "./fixtures";
import { indexedArticlesIn } from "./indexed-articles";

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");

/**
 * The built pages checked: their file, and their first-load JavaScript budget in gzipped bytes
 * (gzip -9): 75 kB on every page. React 18's DOM (45.4 kB), webpack's runtime (2.5 kB) and Gatsby's
 * own runtime (about 16 kB) take 64 kB of it before any code of the site. Two modules whose work the
 * build has done get browser stand-ins (src/node/browser-stand-ins.ts): a built article's block
 * renderers (3.5 kB), and react-helmet (5.1 kB), which stays by the owner's decision and writes every
 * head but the first page's, which the build wrote (src/components/layout/PageHead.browser.tsx).
 */
const FIRST_LOAD_BUDGET = 75_000;
const PAGES: Record<string, { file: string; budget: number }> = {
  "/": { file: "index.html", budget: FIRST_LOAD_BUDGET },
  "/blog": { file: "blog/index.html", budget: FIRST_LOAD_BUDGET },
  "/blog/2": { file: "blog/2/index.html", budget: FIRST_LOAD_BUDGET },
  "/blogarticle/first-date-checklist": {
    file: "blogarticle/first-date-checklist/index.html",
    budget: FIRST_LOAD_BUDGET,
  },
  "/terms": { file: "terms/index.html", budget: FIRST_LOAD_BUDGET },
  "/404": { file: "404.html", budget: FIRST_LOAD_BUDGET },
};

/**
 * The site's modules a built article's first load may carry from src/components/article-body/ and the
 * article core's components (packages/article/src/components/): its stand-in, which keeps the build's
 * HTML, and what that needs. Any other module there (a block
 * renderer, the renderers' switch, one added tomorrow) is code the built page never runs.
 */
const ARTICLE_BODY_ON_FIRST_LOAD = new Set([
  "src/components/article-body/BuiltArticleBody.browser.tsx",
  "src/components/article-body/article-body.module.css",
  "packages/article/src/components/embed-frame.ts",
  "src/components/article-body/site-links.ts",
]);

/** Code that no page may load before the visitor asks for it, by a string each bundle always contains. */
const NOT_ON_FIRST_LOAD: Record<string, RegExp> = {
  Firebase: /firestore\.googleapis\.com|@firebase\//,
  "the toast library (react-toastify)": /Toastify__toast/,
  "the HTML sanitizer (sanitize-html)": /allowedSchemesAppliedToAttributes/,
};

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  for (const child of "childNodes" in node ? node.childNodes : []) yield* elements(child);
}

const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attr) => attr.name === name)?.value;
const pageHtml = (file: string): string => readFileSync(path.join(PUBLIC_DIR, file), "utf8");

/**
 * The scripts a page loads on its own: every `<script src>`, every script it preloads, and every
 * script its boot script inserts once the page has painted (see src/node/html/boot-script.ts).
 */
export function firstLoadScripts(html: string): string[] {
  const found: string[] = [];
  for (const element of elements(parse(html))) {
    const src = element.tagName === "script" ? attribute(element, "src") : undefined;
    const preload =
      element.tagName === "link" && attribute(element, "rel") === "preload" && attribute(element, "as") === "script"
        ? attribute(element, "href")
        : undefined;
    if (src ?? preload) found.push((src ?? preload)!);
  }
  return [...new Set([...found, ...(bootScriptsIn(html) ?? [])])];
}

/**
 * The scripts of the page's own component, which Gatsby loads right after its runtime, before any
 * interaction, whether or not the page names them: from the page's data and webpack's chunk groups.
 */
function pageComponentScripts(html: string): string[] {
  const pagePath = /window\.pagePath=("(?:[^"\\]|\\.)*")/.exec(html)?.[1];
  if (pagePath === undefined) return [];
  const route = JSON.parse(pagePath) as string;
  const dataFile = path.join(
    PUBLIC_DIR,
    "page-data",
    route === "/" ? "index" : route.replace(/^\/|\/$/g, ""),
    "page-data.json",
  );
  const { componentChunkName } = JSON.parse(readFileSync(dataFile, "utf8")) as { componentChunkName: string };
  const stats = JSON.parse(readFileSync(path.join(PUBLIC_DIR, "webpack.stats.json"), "utf8")) as {
    namedChunkGroups: Record<string, { assets: (string | { name: string })[] }>;
  };
  return (stats.namedChunkGroups[componentChunkName]?.assets ?? [])
    .map((asset) => (typeof asset === "string" ? asset : asset.name))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/${name}`);
}

/** Every script a page runs before any interaction: the ones it names and its own component's, each once. */
const startupScripts = (html: string): string[] => [
  ...new Set([...firstLoadScripts(html), ...pageComponentScripts(html)]),
];

/** The first <img> of the page's <main>: its largest element on the image-led pages. */
function firstMainImage(html: string): Element | undefined {
  const main = [...elements(parse(html))].find((element) => element.tagName === "main");
  return main ? [...elements(main)].find((element) => element.tagName === "img") : undefined;
}

test.describe("Budgets of the production build", () => {
  for (const [route, { file, budget }] of Object.entries(PAGES)) {
    test(`${route} loads at most ${budget / 1000} kB of gzipped JavaScript first, react-helmet not among it, none of it Firebase, toasts or the sanitizer`, () => {
      const html = pageHtml(file);
      const named = firstLoadScripts(html);
      expect(named.length, "scripts found in the page").toBeGreaterThan(0);
      const scripts = startupScripts(html);
      let gzipped = 0;
      let helmet = 0;
      const sizes: string[] = [];
      for (const script of scripts) {
        expect(script, "a script of the site itself").toMatch(/^\/[^/]/);
        const file = path.join(PUBLIC_DIR, script.split("?")[0]!);
        const body = readFileSync(file);
        const size = gzipSync(body, { level: 9 }).length;
        gzipped += size;
        const share = scriptShare(file, path.join(PUBLIC_DIR, "..", SOURCE_MAP_DIR), HELMET_PACKAGES);
        expect(share.all, `${script} as the source maps' count has it`).toBe(size);
        helmet += share.all - share.without;
        sizes.push(`${script} ${size}`);
        for (const [name, marker] of Object.entries(NOT_ON_FIRST_LOAD)) {
          expect(marker.test(body.toString("utf8")), `${script} carries ${name}`).toBe(false);
        }
      }
      test.info().annotations.push({
        type: "first-load JS (gzipped bytes)",
        description: `${gzipped}: ${sizes.join(", ")}`,
      });
      expect(gzipped, `first-load JavaScript of ${route}: ${sizes.join(", ")}`).toBeLessThanOrEqual(budget);
      // The first page's head is the build's: react-helmet comes when another page opens.
      expect(helmet, `react-helmet's share of ${route}'s first load`).toBe(0);
    });
  }

  test("a built article's first load carries no block renderer: the build drew the body", () => {
    // Listed by the build for each script (ChunkModulesPlugin in src/node/chunk-modules.ts).
    const modulesOf = JSON.parse(readFileSync(path.join(PUBLIC_DIR, "..", CHUNK_MODULES_FILE), "utf8")) as Record<
      string,
      string[]
    >;
    for (const route of ["/blogarticle/first-date-checklist", "/", "/blog"]) {
      const scripts = startupScripts(pageHtml(PAGES[route]!.file)).map((script) => script.slice(1).split("?")[0]!);
      const modules = scripts.flatMap((script) => modulesOf[script] ?? []);
      expect(modules.length, `the site's modules in ${route}'s scripts`).toBeGreaterThan(5);
      expect(
        modules.filter(
          (file) =>
            (file.startsWith("src/components/article-body/") || file.startsWith("packages/article/src/components/")) &&
            !ARTICLE_BODY_ON_FIRST_LOAD.has(file),
        ),
        route,
      ).toEqual([]);
      if (route.startsWith("/blogarticle/"))
        expect(modules).toContain("src/components/article-body/BuiltArticleBody.browser.tsx");
    }
  });

  test("no page's first-load JavaScript grows with the articles: none of it names a built article's address", () => {
    // Gatsby would list every built page in the app chunk (src/gatsby-runtime/document-match-paths.ts says why).
    const index = indexedArticlesIn(PUBLIC_DIR);
    expect(index.length).toBeGreaterThan(10);
    const addresses = index.map(({ slug }) => `/blogarticle/${slug}"`);
    for (const { file } of Object.values(PAGES)) {
      const html = pageHtml(file);
      for (const script of startupScripts(html)) {
        const body = readFileSync(path.join(PUBLIC_DIR, script.split("?")[0]!), "utf8");
        expect({ script, named: addresses.filter((address) => body.includes(address)) }).toEqual({ script, named: [] });
      }
    }
  });

  // A server's first flight is about ten packets (14.6 kB, less its headers): a page whose HTML is
  // longer waits one more round trip before it can paint, 150 ms in Lighthouse's mobile run. The
  // page inlines only its share of the stylesheet (src/node/html/critical-css.ts).
  test("the HTML of Home, /blog and an article fits in the first flight: at most 13,000 bytes gzipped", () => {
    for (const route of ["/", "/blog", "/blogarticle/first-date-checklist"]) {
      const bytes = gzipSync(readFileSync(path.join(PUBLIC_DIR, PAGES[route]!.file)), { level: 9 }).length;
      console.log(`${route}: HTML ${bytes} bytes gzipped`);
      expect({ route, over: bytes > 13_000 ? bytes : 0 }).toEqual({ route, over: 0 });
    }
  });

  test("a first visit fetches no icon and no manifest while the page paints: the favicon is inline, at most 1.6 kB", () => {
    for (const [route, { file }] of Object.entries(PAGES)) {
      const html = pageHtml(file);
      const head = html.slice(0, html.indexOf("</head>"));
      const icons = [...head.matchAll(/<link[^>]*rel="icon"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
      expect({ route, icons: icons.map((href) => href.slice(0, 19)) }).toEqual({
        route,
        icons: ["data:image/svg+xml,"],
      });
      expect(icons[0]!.length).toBeLessThanOrEqual(1_600);
      // The manifest (and the icon Chromium fetches as soon as it reads one) is linked by the boot script.
      expect({ route, manifestLinked: /<link[^>]*rel="manifest"/.test(html) }).toEqual({
        route,
        manifestLinked: false,
      });
      expect(html).toContain('m.rel="manifest";m.href="/manifest.webmanifest"');
      // Crawlers that want an icon file have the Apple touch icon, published under its version.
      const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(head)?.[1];
      expect(touch).toMatch(/^\/icons\/apple-touch-icon-[0-9a-f]{20}\.png$/);
      expect(readFileSync(path.join(PUBLIC_DIR, touch!)).length).toBeGreaterThan(0);
    }
  });

  // Home's and /404's illustrations are hand-drawn vector files, published as they are: a few
  // kilobytes, sharp at every width, where the rendered WebP and AVIF files took 17 to 18 kB.
  for (const [route, src] of [
    ["/", "/images/hero.svg"],
    ["/404", "/images/not-found.svg"],
  ] as const) {
    test(`${route}: the largest image, the illustration, is a vector file of at most 3 kB compressed, fetched first and never lazy`, () => {
      const image = firstMainImage(pageHtml(PAGES[route]!.file));
      expect(attribute(image!, "src")).toBe(src);
      expect(attribute(image!, "fetchpriority")).toBe("high");
      expect(attribute(image!, "loading")).not.toBe("lazy");
      expect(gzipSync(readFileSync(path.join(PUBLIC_DIR, src)), { level: 9 }).length).toBeLessThanOrEqual(3_000);
    });
  }

  test("no illustration of Home waits in line before the hero: the about image is a vector file too, and lazy", () => {
    const html = pageHtml(PAGES["/"]!.file);
    const images = [...elements(parse(html))].filter(
      (element) => element.tagName === "img" || element.tagName === "source",
    );
    const about = images.find((element) => attribute(element, "src") === "/images/about.svg");
    expect(about && attribute(about, "loading")).toBe("lazy");
    expect(
      images
        .map((element) => attribute(element, "src") ?? attribute(element, "srcset") ?? "")
        .filter((url) => /\.(avif|webp|png|jpe?g)\b/.test(url)),
    ).toEqual([]);
  });

  for (const route of ["/blog", "/blog/2"]) {
    test(`${route}: the largest image is in the HTML, fetched first and never lazy, with sizes for its slot`, () => {
      const image = firstMainImage(pageHtml(PAGES[route]!.file));
      expect(image, "an image in <main>").toBeDefined();
      expect(attribute(image!, "fetchpriority")).toBe("high");
      expect(attribute(image!, "loading")).not.toBe("lazy");
      expect(attribute(image!, "srcset")).toBeTruthy();
      expect(attribute(image!, "sizes")).not.toMatch(/^\(min-width: \d+px\) \d+px, 100vw$/);
    });
  }

  test("the scripts that run as each page starts ask V8 to compile them as they download; the Firebase chunk, loaded later, does not", () => {
    const startup = new Set<string>();
    for (const { file } of Object.values(PAGES)) {
      const html = pageHtml(file);
      for (const script of startupScripts(html)) startup.add(script.split("?")[0]!);
    }
    const hinted = (file: string): boolean =>
      readFileSync(path.join(PUBLIC_DIR, file), "utf8").startsWith(COMPILE_HINT);
    expect([...startup].filter((script) => !hinted(script))).toEqual([]);
    const later = readdirSync(PUBLIC_DIR).filter(
      (file) =>
        file.endsWith(".js") && NOT_ON_FIRST_LOAD.Firebase!.test(readFileSync(path.join(PUBLIC_DIR, file), "utf8")),
    );
    expect(later.length, "a chunk with Firebase in it").toBeGreaterThan(0);
    expect(later.filter(hinted)).toEqual([]);
    // The maps (kept beside the build, not published) count the added line: their first line maps nothing.
    const app = [...startup].find((script) => /^\/app-[0-9a-f]+\.js$/.test(script))!;
    const map = JSON.parse(
      readFileSync(path.join(PUBLIC_DIR, "..", SOURCE_MAP_DIR, `${app.slice(1)}.map`), "utf8"),
    ) as { mappings: string };
    expect(map.mappings.startsWith(";")).toBe(true);
  });

  test("no source map (or anything else of the build's own) is published", () => {
    const published = readdirSync(PUBLIC_DIR, { recursive: true, encoding: "utf8" });
    expect(published.filter((file) => file.endsWith(".map"))).toEqual([]);
    for (const file of published.filter((name) => name.endsWith(".js"))) {
      expect(readFileSync(path.join(PUBLIC_DIR, file), "utf8"), file).not.toMatch(/\/\/# sourceMappingURL=/);
    }
  });
});

test.describe("Largest image: the file the browser picks is no wider than its slot", () => {
  const viewports = [
    { width: 390, height: 844, deviceScaleFactor: 1 },
    { width: 390, height: 844, deviceScaleFactor: 2 },
    { width: 390, height: 844, deviceScaleFactor: 3 },
    { width: 1280, height: 800, deviceScaleFactor: 1 },
    { width: 1280, height: 800, deviceScaleFactor: 2 },
  ];
  for (const route of ["/blog"]) {
    for (const viewport of viewports) {
      test(`${route} at ${viewport.width}px, ${viewport.deviceScaleFactor}x`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: viewport.deviceScaleFactor,
          baseURL,
        });
        const page = await context.newPage();
        const imageBytes = new Map<string, number>();
        page.on("response", async (response) => {
          if (response.request().resourceType() === "image")
            imageBytes.set(response.url(), (await response.body()).length);
        });
        await page.goto(route);
        const image = page.locator("main img").first();
        await expect(image).toHaveJSProperty("complete", true);
        const { slot, chosen, currentSrc } = await image.evaluate((img: HTMLImageElement) => {
          // The width of the file the browser took: the w descriptor of the candidate it chose,
          // from the <source> or the <img> (naturalWidth would be divided by the density).
          const candidates = [...(img.parentElement?.querySelectorAll("source") ?? []), img].flatMap((element) =>
            (element.getAttribute("srcset") ?? "").split(",").map((candidate) => candidate.trim().split(/\s+/)),
          );
          const path = new URL(img.currentSrc).pathname;
          const match = candidates.find(([url]) => url !== undefined && new URL(url, location.href).pathname === path);
          return {
            slot: img.getBoundingClientRect().width * window.devicePixelRatio,
            chosen: match?.[1]?.endsWith("w")
              ? Number.parseInt(match[1], 10)
              : img.naturalWidth * window.devicePixelRatio,
            currentSrc: img.currentSrc,
          };
        });
        test.info().annotations.push({
          type: "largest image",
          description: `${currentSrc}: ${chosen}px file for a ${slot.toFixed(0)}px slot, ${imageBytes.get(currentSrc) ?? "?"} bytes`,
        });
        // A candidate is at most 1.5% (a few pixels, rounding of the slot widths) wider than the slot.
        expect(chosen, `${currentSrc} for a ${slot.toFixed(1)}px slot`).toBeLessThanOrEqual(Math.ceil(slot * 1.015));
        await context.close();
      });
    }
  }
});

test.describe("Text never waits for the web font", () => {
  test("the first paint needs no font file; once the page has loaded, the text switches to Outfit", async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/terms", { waitUntil: "commit" });
    // Before the page has loaded, the text is set in the fallback family and Outfit is not asked for.
    const before = await page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      webfont: document.documentElement.classList.contains("webfont"),
    }));
    if (!before.webfont) expect(before.family).toMatch(/^"Outfit Fallback"/);
    await page.waitForFunction(
      () => document.readyState === "complete" && document.documentElement.classList.contains("webfont"),
    );
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Outfit Variable"/);
    await page.waitForFunction(() => document.fonts.check('16px "Outfit Variable"'));
    expect(fonts).toContain("/fonts/outfit-latin-wght-normal.woff2");
  });

  test("the text switches to Outfit only once its file has arrived, so the page is laid out once for it", async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const fontAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route("**/fonts/outfit-latin-wght-normal.woff2", async (route) => {
      asked();
      await released;
      await route.continue();
    });
    await page.goto("/terms");
    await fontAsked;
    // The scripts went in with the request for the font, and React has taken over: the switch had its chance.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(await page.evaluate(() => document.documentElement.classList.contains("webfont"))).toBe(false);
    release();
    await page.waitForFunction(() => document.documentElement.classList.contains("webfont"));
    expect(await page.evaluate(() => document.fonts.check('16px "Outfit Variable"'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Outfit Variable"/);
  });

  test("without JavaScript, the text is set in Outfit at once", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/terms");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Outfit Variable"/);
    await context.close();
  });

  test("the fallback faces are in the head, and set text in the room Outfit takes", async ({ page }) => {
    await page.goto("/terms");
    expect(await page.locator("head style[data-font-fallback]").count()).toBe(1);
    const sample =
      "Your Perfect Match is just a Click Away. Dating advice, relationship tips and honest stories about modern romance.";
    const measured = await page.evaluate(async (text) => {
      await document.fonts.load('400 20px "Outfit Variable"', text);
      await document.fonts.load('700 20px "Outfit Variable"', text);
      const measure = (family: string, weight: number): { width: number; height: number } => {
        const span = document.createElement("span");
        Object.assign(span.style, {
          fontFamily: family,
          fontWeight: String(weight),
          fontSize: "20px",
          lineHeight: "normal",
          whiteSpace: "nowrap",
          display: "inline-block",
        });
        span.textContent = text;
        document.body.append(span);
        const { width, height } = span.getBoundingClientRect();
        span.remove();
        return { width, height };
      };
      return [400, 700].map((weight) => ({
        weight,
        outfit: measure('"Outfit Variable"', weight),
        fallback: measure('"Outfit Fallback"', weight),
        plain: measure("sans-serif", weight),
      }));
    }, sample);
    for (const { weight, outfit, fallback, plain } of measured) {
      // Within 2% in width (the size-adjust matches average widths) and the same line height.
      expect(
        Math.abs(fallback.width - outfit.width) / outfit.width,
        `width at ${weight}: ${JSON.stringify({ outfit, fallback, plain })}`,
      ).toBeLessThan(0.02);
      expect(Math.abs(fallback.height - outfit.height), `line height at ${weight}`).toBeLessThanOrEqual(1);
      // The unadjusted system font would not match: the test can tell the difference.
      expect(Math.abs(plain.height - outfit.height) + Math.abs(plain.width - outfit.width)).toBeGreaterThan(2);
    }
  });
});
