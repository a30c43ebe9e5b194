import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreateWebpackConfigArgs, Store } from "gatsby";
import { MARK_SVG } from "../../../../src/node/manifest";
import { TOAST_STYLE_SOURCES } from "../../../../src/node/toast-stylesheet";
import { configureWebpack, SITE_URL_GLOBAL, withSearchChunk } from "../../../../src/node/webpack";

const ROOT = path.join(__dirname, "..", "..", "..", "..");

// A browser bundle has no SITE_URL in process.env: the sanitizer of the fallback route learns the
// site's address from the global webpack defines, taken from the configured siteMetadata.siteUrl.
async function definitionsFor(stage: string, siteUrl: string | undefined): Promise<Record<string, string>> {
  const site = await mkdtemp(path.join(tmpdir(), "site-url-"));
  for (const source of TOAST_STYLE_SOURCES) {
    await mkdir(path.dirname(path.join(site, source)), { recursive: true });
    await writeFile(path.join(site, source), `/* ${source} */`);
  }
  // The mark the HTML renderer's icons are drawn from (src/node/site-icons.ts).
  for (const source of [MARK_SVG]) {
    await mkdir(path.dirname(path.join(site, source)), { recursive: true });
    await writeFile(path.join(site, source), `<svg/>`);
  }
  const replaceWebpackConfig = jest.fn();
  const store = {
    getState: () => ({
      program: { directory: site },
      config: { siteMetadata: siteUrl === undefined ? {} : { siteUrl } },
    }),
  } as unknown as Store;
  await configureWebpack({
    actions: { replaceWebpackConfig } as unknown as CreateWebpackConfigArgs["actions"],
    stage,
    plugins: {
      define: (definitions: Record<string, string>) => ({ define: definitions }),
      sourceMapDevTool: () => ({}),
      normalModuleReplacement: () => ({}),
      minifyJs: () => ({}),
    } as unknown as CreateWebpackConfigArgs["plugins"],
    store,
    getConfig: () => ({ plugins: [], optimization: { minimizer: [] } }),
  } as never);
  const config = replaceWebpackConfig.mock.calls[0]?.[0] as { plugins: { define?: Record<string, string> }[] };
  return Object.assign({}, ...config.plugins.map((plugin) => plugin.define ?? {})) as Record<string, string>;
}

describe("the site's address in the bundles", () => {
  it.each(["build-javascript", "develop"])("is written into the %s bundle from siteMetadata.siteUrl", async (stage) => {
    expect((await definitionsFor(stage, "https://preview.example.net"))[SITE_URL_GLOBAL]).toBe(
      '"https://preview.example.net"',
    );
  });

  it("is left undefined when the configuration has none, so the sanitizer falls back to its default", async () => {
    expect(await definitionsFor("develop", undefined)).not.toHaveProperty(SITE_URL_GLOBAL);
  });
});

describe("withSearchChunk", () => {
  const searchGroup = (): { test: RegExp; chunks: string } => {
    const optimization = withSearchChunk({ splitChunks: { cacheGroups: {} } }) as {
      splitChunks: { cacheGroups: { search: { test: RegExp; chunks: string } } };
    };
    return optimization.splitChunks.cacheGroups.search;
  };

  it("puts the search's modules, and the piece format from the article core, in one chunk loaded on demand", () => {
    const { test, chunks } = searchGroup();
    expect(chunks).toBe("async");
    for (const file of [
      "src/lib/search.ts",
      "src/lib/search-query.ts",
      "src/lib/search-results.ts",
      "packages/article/src/search-pieces.ts",
    ])
      expect({ file, matched: test.test(path.join(ROOT, file)) }).toEqual({ file, matched: true });
    for (const file of ["src/lib/search-index.ts", "packages/article/src/slug.ts", "src/lib/search-pieces.ts.map"])
      expect({ file, matched: test.test(path.join(ROOT, file)) }).toEqual({ file, matched: false });
  });

  it("leaves an optimization without chunk splitting as it is", () => {
    expect(withSearchChunk({ splitChunks: false })).toEqual({ splitChunks: false });
  });
});
