/** @jest-environment node */
import { mkdir, mkdtemp, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Reporter, Store } from "gatsby";
import { finishBuiltPages } from "../../../../../src/node/html/finish-html";
import { BOOT_SCRIPT_ID } from "../../../../../src/node/html/boot-script";
import { inlineScriptHashes, rewritePageScripts, withPagePolicy } from "../../../../support/page-policy";

// The module object itself: a namespace import is a copy, and a spy on it sees no call the code makes.
const fsPromises = jest.requireActual<typeof import("node:fs/promises")>("node:fs/promises");
const parse5 = jest.requireActual<typeof import("parse5")>("parse5");

// The steps after the build look only at the pages the build produced: a warm build that re-rendered
// five pages must not read all the others.

/** A page as Gatsby writes it: its path, then its scripts, which the boot step turns into one inline script. */
const page = (pagePath: string, text = "Hello"): string =>
  `<!DOCTYPE html><html><head><title>${text}</title></head><body><main>${text}</main>` +
  `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath=${JSON.stringify(pagePath)};/*]]>*/</script>` +
  `<script src="/webpack-runtime-1.js" async></script><script src="/app-3.js" async></script></body></html>`;

const PAGES: Record<string, string> = {
  "index.html": "/",
  "blog/index.html": "/blog",
  "blogarticle/a/index.html": "/blogarticle/a",
  "404.html": "/404.html",
};
const PAST = new Date("2020-01-01T00:00:00Z");

function memoryCache() {
  const values = new Map<string, string>();
  return {
    get: async (key: string) => (values.has(key) ? JSON.parse(values.get(key)!) : undefined),
    set: async (key: string, value: unknown) => values.set(key, JSON.stringify(value)),
  };
}

describe("finishBuiltPages", () => {
  let publicDir: string;
  let build: () => Promise<jest.Mock>;

  beforeEach(async () => {
    const siteDir = await mkdtemp(path.join(tmpdir(), "finish-pages-"));
    publicDir = path.join(siteDir, "public");
    await mkdir(publicDir);
    await writeFile(path.join(publicDir, "webpack.stats.json"), JSON.stringify({ namedChunkGroups: {} }));
    for (const [file, pagePath] of Object.entries(PAGES)) await render(file, page(pagePath));
    const cache = memoryCache();
    const store = { getState: () => ({ program: { directory: siteDir } }) } as unknown as Store;
    build = async () => {
      const info = jest.fn();
      await finishBuiltPages({ store, cache, reporter: { info, warn: jest.fn() } as unknown as Reporter });
      return info;
    };
  });

  async function render(file: string, html: string): Promise<void> {
    await mkdir(path.dirname(path.join(publicDir, file)), { recursive: true });
    await writeFile(path.join(publicDir, file), html);
  }

  const finished = async (file: string): Promise<string> => readFile(path.join(publicDir, file), "utf8");

  it("boots and stamps every page of a first build, the policy hashing the boot script", async () => {
    await build();
    for (const file of Object.keys(PAGES)) {
      const html = await finished(file);
      const boot = /<script id="page-boot">([^<]*)<\/script>/.exec(html)?.[1];
      expect(boot).toBeDefined();
      // The policy allows the boot script and Gatsby's path script: both inline scripts, hashed.
      expect(inlineScriptHashes(html)).toHaveLength(2);
      for (const hash of inlineScriptHashes(html)) expect(html).toContain(hash);
      expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*'sha256-/);
    }
  });

  it("parses each page once, and writes what booting and then stamping it would", async () => {
    const before = Object.fromEntries(
      await Promise.all(Object.keys(PAGES).map(async (file) => [file, await finished(file)] as const)),
    );
    const parses = jest.spyOn(parse5, "parse");
    try {
      await build();
      // A parse is most of what finishing a page costs: one per page.
      expect(parses).toHaveBeenCalledTimes(Object.keys(PAGES).length);
    } finally {
      parses.mockRestore();
    }
    for (const file of Object.keys(PAGES)) {
      expect(await finished(file)).toBe(withPagePolicy(rewritePageScripts(before[file]!, () => [])).html);
    }
  });

  it("a warm build reads only the pages Gatsby re-rendered; the others keep their bytes and modification times", async () => {
    await build();
    await Promise.all(Object.keys(PAGES).map((file) => utimes(path.join(publicDir, file), PAST, PAST)));
    await build(); // records the aged times
    await render("blog/index.html", page("/blog", "A new list"));

    const reads = jest.spyOn(fsPromises, "readFile");
    let info: jest.Mock;
    try {
      info = await build();
      const pagesRead = reads.mock.calls
        .map(([file]) => path.relative(publicDir, String(file)))
        .filter((file) => file.endsWith(".html"));
      expect([...new Set(pagesRead)]).toEqual(["blog/index.html"]);
    } finally {
      reads.mockRestore();
    }
    expect(info).toHaveBeenCalledWith(
      "Scripts and the web font load once the page has loaded, on 1 of 1 pages this build produced",
    );
    const list = await finished("blog/index.html");
    expect(list).toContain(`<script id="${BOOT_SCRIPT_ID}">`);
    expect(list).toContain("A new list");
    for (const file of Object.keys(PAGES).filter((f) => f !== "blog/index.html"))
      expect((await stat(path.join(publicDir, file))).mtime).toEqual(PAST);
  });
});
