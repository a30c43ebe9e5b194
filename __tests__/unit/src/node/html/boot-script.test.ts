/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import type { Reporter, Store } from "gatsby";
import {
  BOOT_SCRIPT_ID,
  BOOT_DEADLINE_MS,
  WEB_FONT_CLASS,
  bootScript,
  bootScriptsIn,
  chunkGroupScripts,
  pageDataFile,
  pagePathIn,
  type WebpackStats,
} from "../../../../../src/node/html/boot-script";
import { finishBuiltPages } from "../../../../../src/node/html/finish-html";
import { rewritePageScripts } from "../../../../support/page-policy";

/** The end of a page as Gatsby writes it: the page path, the chunk map, then its three scripts. */
const page = (pagePath: string): string =>
  `<!DOCTYPE html><html><head><title>t</title></head><body><div id="___gatsby"><main>Hello</main></div>` +
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath=${JSON.stringify(pagePath)};/*]]>*/</script>` +
  `<!-- slice-start id="_gatsby-scripts-1" --><script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>` +
  `<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script>` +
  `<!-- slice-end id="_gatsby-scripts-1" --></body></html>`;

const stats: WebpackStats = {
  namedChunkGroups: {
    "component---src-templates-blog-list-tsx": {
      assets: [
        { name: "commons-4.js" },
        { name: "component---src-templates-blog-list-tsx-5.js" },
        { name: "styles.css" },
      ],
    },
  },
};

describe("rewritePageScripts", () => {
  const rewritten = rewritePageScripts(page("/blog"), (pagePath) =>
    pagePath === "/blog" ? chunkGroupScripts(stats, "component---src-templates-blog-list-tsx") : [],
  );

  it("leaves no script that runs by itself before the first paint", () => {
    expect(rewritten).not.toMatch(/<script[^>]* src=/);
  });

  it("names, in its boot script, Gatsby's scripts and then the page's own chunks, each once", () => {
    expect(bootScriptsIn(rewritten)).toEqual([
      "/webpack-runtime-1.js",
      "/framework-2.js",
      "/app-3.js",
      "/commons-4.js",
      "/component---src-templates-blog-list-tsx-5.js",
    ]);
  });

  it("fetches nothing before the boot script runs: no preload or prefetch of the scripts", () => {
    expect(rewritten).not.toMatch(/<link[^>]*rel="(?:preload|modulepreload|prefetch)"/);
    expect(bootScriptsIn(page("/blog"))).toBeUndefined();
  });

  it("keeps the rest of the page as it was, the inline scripts included", () => {
    const withoutBoot = rewritten.replace(new RegExp(`<script id="${BOOT_SCRIPT_ID}">.*?</script>`), "");
    expect(withoutBoot).toBe(page("/blog").replace(/<script src="[^"]+" async><\/script>/g, ""));
  });

  it("refuses a script name that would end the boot script early, since the policy hashes it as written", () => {
    expect(() => rewritePageScripts(page("/blog"), () => ["/a.js</script><script>alert(1)//"])).toThrow(/parses/);
    expect(() => rewritePageScripts(page("/blog"), () => ["/a.js<!--"])).toThrow(/parses/);
  });

  it("leaves a page already rewritten, or one without Gatsby's scripts, unchanged", () => {
    expect(rewritePageScripts(rewritten, () => ["/x.js"])).toBe(rewritten);
    const plain = "<!DOCTYPE html><html><head></head><body><p>plain</p></body></html>";
    expect(rewritePageScripts(plain, () => ["/x.js"])).toBe(plain);
  });
});

describe("bootScript", () => {
  /** Runs the inline script against a minimal page; returns what it did, and the callbacks it left. */
  function run({
    visibilityState = "visible",
    readyState = "interactive",
    image,
    fonts,
    stylesheet,
  }: {
    visibilityState?: string;
    readyState?: string;
    image?: { decode: () => Promise<void> };
    fonts?: { load: (font: string, text: string) => Promise<unknown> };
    stylesheet?: string;
  } = {}) {
    const appended: { src: string; async: boolean }[] = [];
    /** Links put in the head, and what they were put after. */
    const linked: { element: Record<string, unknown>; after: string }[] = [];
    const globalStyle = {
      parentNode: {
        insertBefore: (element: Record<string, unknown>, next: unknown) =>
          linked.push({ element, after: next === "next-of-style" ? "global style" : String(next) }),
      },
      nextSibling: "next-of-style",
    };
    const classes: string[] = [];
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; delay: number }[] = [];
    const listeners: Record<string, () => void> = {};
    const document = {
      visibilityState,
      readyState,
      documentElement: { classList: { add: (name: string) => classes.push(name) } },
      createElement: (tag: string) => (tag === "script" ? { src: "", async: false } : { tag }),
      body: { appendChild: (element: { src: string; async: boolean }) => appended.push(element), textContent: "Café" },
      head: { appendChild: (element: Record<string, unknown>) => linked.push({ element, after: "end of head" }) },
      fonts,
      querySelector: (selector: string) =>
        selector === 'img[fetchpriority="high"]'
          ? (image ?? null)
          : selector === 'style[data-identity="gatsby-global-css"]'
            ? globalStyle
            : null,
    };
    runInNewContext(bootScript(["/a.js", "/b.js"], stylesheet), {
      document,
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, delay: number) => timers.push({ callback, delay }),
    });
    return { appended, linked, classes, frames, timers, listeners };
  }

  /** Runs the frames asked for so far, and those they ask for in turn. */
  const runFrames = (frames: (() => void)[]): void => {
    while (frames.length > 0) frames.shift()!();
  };

  it("waits for the page to load, then two frames, then a task of its own, to switch the font and insert the scripts", () => {
    const { appended, classes, frames, timers, listeners } = run();
    expect(appended).toEqual([]);
    expect(classes).toEqual([]);
    expect(frames).toEqual([]);
    listeners.load!();
    frames.shift()!();
    expect(frames).toHaveLength(1);
    runFrames(frames);
    expect(appended).toEqual([]);
    timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
    expect(classes).toEqual([WEB_FONT_CLASS]);
    expect(appended).toEqual([
      { src: "/a.js", async: true },
      { src: "/b.js", async: true },
    ]);
    // The deadline, when it comes, does nothing twice.
    timers.filter((timer) => timer.delay === BOOT_DEADLINE_MS).forEach((timer) => timer.callback());
    expect(appended).toHaveLength(2);
  });

  it("asks for the web font with the page's text, and switches to it only once it has arrived (or failed)", async () => {
    for (const outcome of ["arrives", "fails"] as const) {
      let settle: () => void = () => undefined;
      const asked: [string, string][] = [];
      const fonts = {
        load: (font: string, text: string) => {
          asked.push([font, text]);
          return new Promise<void>(
            (resolve, reject) => (settle = outcome === "arrives" ? resolve : () => reject(new Error("network"))),
          );
        },
      };
      const { appended, classes, frames, timers } = run({ readyState: "complete", fonts });
      runFrames(frames);
      timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
      expect(asked).toEqual([['1em "Outfit Variable"', "Café"]]);
      expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
      expect(classes).toEqual([]);
      settle();
      await new Promise((resolve) => setImmediate(resolve));
      expect(classes).toEqual([WEB_FONT_CLASS]);
    }
  });

  it("goes after the next frame when the page has already loaded", () => {
    const { appended, frames, timers, listeners } = run({ readyState: "complete" });
    expect(listeners.load).toBeUndefined();
    runFrames(frames);
    timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
    expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
  });

  it("waits for the largest image to be decoded before the frames", async () => {
    let decoded: () => void = () => undefined;
    const image = { decode: () => new Promise<void>((resolve) => (decoded = resolve)) };
    const { appended, frames, timers } = run({ readyState: "complete", image });
    expect(frames).toEqual([]);
    decoded();
    await Promise.resolve();
    await Promise.resolve();
    runFrames(frames);
    timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
    expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
  });

  it("goes at the deadline when the page never finishes loading", () => {
    const { appended, timers } = run();
    timers.filter((timer) => timer.delay === BOOT_DEADLINE_MS).forEach((timer) => timer.callback());
    expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
  });

  it("with a stylesheet, links it just after the inline share of it and inserts the scripts once it has loaded", () => {
    for (const outcome of ["onload", "onerror"] as const) {
      const { appended, linked, frames, timers } = run({ readyState: "complete", stylesheet: "/styles.1.css" });
      runFrames(frames);
      timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
      const sheets = linked.filter(({ element }) => element.rel === "stylesheet");
      expect(sheets).toEqual([
        {
          element: expect.objectContaining({ tag: "link", rel: "stylesheet", href: "/styles.1.css" }),
          after: "global style",
        },
      ]);
      expect(appended).toEqual([]);
      (sheets[0]!.element[outcome] as () => void)();
      expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
      // A second call, or the deadline, inserts nothing twice.
      (sheets[0]!.element[outcome] as () => void)();
      timers.filter((timer) => timer.delay === BOOT_DEADLINE_MS).forEach((timer) => timer.callback());
      expect(appended).toHaveLength(2);
    }
  });

  it("with a stylesheet that never answers, inserts the scripts at the deadline", () => {
    const { appended, linked, timers } = run({ visibilityState: "hidden", stylesheet: "/styles.1.css" });
    expect(linked.filter(({ element }) => element.rel === "stylesheet")).toHaveLength(1);
    expect(appended).toEqual([]);
    timers.filter((timer) => timer.delay === BOOT_DEADLINE_MS).forEach((timer) => timer.callback());
    expect(appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
  });

  it("links the web app manifest only when it goes, after the page has painted", () => {
    const { linked, frames, timers, listeners } = run();
    listeners.load!();
    runFrames(frames);
    expect(linked).toEqual([]);
    timers.filter((timer) => timer.delay === 0).forEach((timer) => timer.callback());
    expect(linked).toEqual([
      {
        element: expect.objectContaining({ tag: "link", rel: "manifest", href: "/manifest.webmanifest" }),
        after: "end of head",
      },
    ]);
  });

  it("goes at once in a hidden tab, where no frame would come", () => {
    expect(run({ visibilityState: "hidden" }).appended.map((script) => script.src)).toEqual(["/a.js", "/b.js"]);
  });
});

describe("page paths and data", () => {
  it("reads the page path Gatsby writes into the page", () => {
    expect(pagePathIn(page("/blog/2"))).toBe("/blog/2");
    expect(pagePathIn('window.pagePath="/a\\"b"')).toBe('/a"b');
    expect(pagePathIn("<p>none</p>")).toBeUndefined();
  });

  it("finds each page's data where Gatsby writes it", () => {
    expect(pageDataFile("/p", "/")).toBe(path.join("/p", "page-data", "index", "page-data.json"));
    expect(pageDataFile("/p", "/blog/2")).toBe(path.join("/p", "page-data", "blog", "2", "page-data.json"));
    expect(pageDataFile("/p", "/404.html")).toBe(path.join("/p", "page-data", "404.html", "page-data.json"));
  });
});

describe("finishBuiltPages, booting each page", () => {
  it("rewrites every page of a build with its own chunks, and leaves Gatsby's fragments alone", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "page-boot-"));
    const write = async (file: string, text: string): Promise<void> => {
      await mkdir(path.dirname(path.join(dir, "public", file)), { recursive: true });
      await writeFile(path.join(dir, "public", file), text);
    };
    await write("webpack.stats.json", JSON.stringify(stats));
    await write("blog/index.html", page("/blog"));
    await write(
      "page-data/blog/page-data.json",
      JSON.stringify({ componentChunkName: "component---src-templates-blog-list-tsx" }),
    );
    await write("terms/index.html", page("/terms"));
    await write("_gatsby/slices/_gatsby-scripts-1.html", '<script src="/app-3.js" async></script>');
    const info = jest.fn();
    const cache = { get: async () => undefined, set: async () => undefined };
    await finishBuiltPages({
      store: { getState: () => ({ program: { directory: dir } }) } as unknown as Store,
      reporter: { info, warn: jest.fn() } as unknown as Reporter,
      cache,
    });

    const blog = await readFile(path.join(dir, "public", "blog", "index.html"), "utf8");
    expect(bootScriptsIn(blog)).toContain("/component---src-templates-blog-list-tsx-5.js");
    // A page whose data is missing still loads Gatsby's scripts after the paint; Gatsby finds the rest.
    const terms = await readFile(path.join(dir, "public", "terms", "index.html"), "utf8");
    expect(bootScriptsIn(terms)).toEqual(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]);
    expect(await readFile(path.join(dir, "public", "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8")).toBe(
      '<script src="/app-3.js" async></script>',
    );
    expect(info).toHaveBeenCalledWith(
      "Scripts and the web font load once the page has loaded, on 2 of 2 pages this build produced",
    );
  });
});
