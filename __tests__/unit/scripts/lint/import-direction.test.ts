import path from "node:path";
import { wrongWay } from "../../../../scripts/lint/import-direction";

const root = path.resolve(__dirname, "../../../..");
const check = (file: string, source: string): string | null => wrongWay(root, file, source);

describe("wrongWay", () => {
  it("refuses the plugin importing the site", () => {
    expect(check("plugins/gatsby-source-firestore/src/normalize.ts", "../../../src/lib/slug")).toMatch(
      /^plugin -> site: .* is src\/lib\/slug/,
    );
  });

  it("lets the plugin use its own modules and the Gatsby internals beside it", () => {
    expect(check("plugins/gatsby-source-firestore/src/normalize.ts", "./types")).toBeNull();
    expect(
      check("plugins/gatsby-source-firestore/src/sync-state.ts", "../../gatsby-internals/gatsby-store"),
    ).toBeNull();
  });

  it("refuses browser code importing build-only code or Node's built-ins", () => {
    expect(check("src/components/blog/BlogCard.tsx", "../../node/feed")).toMatch(/^browser -> build-only/);
    expect(check("src/lib/slug.ts", "node:path")).toMatch(/Node built-in/);
    expect(check("src/lib/slug.ts", "fs/promises")).toMatch(/Node built-in/);
    expect(check("gatsby-browser.tsx", "./src/node/webpack")).toMatch(/^browser -> build-only/);
    // The plugin's rules folder was the one browser-safe corner of plugins/; the article core holds them now.
    expect(check("src/lib/live-card.ts", "../../plugins/gatsby-source-firestore/src/types")).toMatch(
      /^browser -> build-only/,
    );
  });

  it("lets browser code use the article core by name and its own neighbours", () => {
    expect(check("src/lib/live-card.ts", "@kindred/article")).toBeNull();
    expect(check("src/components/blog/BlogCard.tsx", "../../lib/dates")).toBeNull();
  });

  it("keeps the editors' console browser code: no build, script, service or Node built-in", () => {
    expect(check("editors/src/App.tsx", "../../scripts/lib/hosting.ts")).toMatch(/^editors' console -> build-only/);
    expect(check("editors/src/articles/article-feed.ts", "../../../src/node/feed")).toMatch(
      /^editors' console -> build-only/,
    );
    expect(check("editors/src/api.ts", "../../webhook/trigger/src/articles/callables.ts")).toMatch(
      /^editors' console -> build-only/,
    );
    expect(check("editors/src/config.ts", "node:path")).toMatch(/Node built-in/);
    // The site's browser code and the article core are what it may share; its build config is Node's.
    expect(check("editors/src/preview/ArticlePreview.tsx", "../../../src/components/blog/ArticleView")).toBeNull();
    expect(check("editors/src/api.ts", "@kindred/article")).toBeNull();
    expect(check("editors/vite.config.mts", "node:url")).toBeNull();
  });

  it("lets the site's build code import anything upstream", () => {
    expect(check("src/node/feed.ts", "../../plugins/gatsby-internals/gatsby-store")).toBeNull();
    expect(check("src/node/feed.ts", "node:fs")).toBeNull();
  });

  it("refuses the rebuild service importing the site's build, with no exception: shared formats come by name", () => {
    expect(check("webhook/lib/check-output.ts", "../../src/node/create-pages.ts")).toMatch(
      /^rebuild service -> site build/,
    );
    expect(check("webhook/lib/check-output.ts", "../../src/lib/search-query.ts")).toMatch(
      /^rebuild service -> site build/,
    );
    expect(check("webhook/lib/pipeline.ts", "../../plugins/gatsby-source-firestore/src/source-nodes.ts")).toMatch(
      /^rebuild service -> site build/,
    );
    expect(check("webhook/lib/check-output.ts", "@kindred/article")).toBeNull();
    expect(check("webhook/lib/pipeline.ts", "@kindred/publishing")).toBeNull();
  });

  it("keeps the rebuild service and the Cloud Functions apart: they share code through a package", () => {
    expect(check("webhook/lib/auth.ts", "../trigger/src/post-rebuild.ts")).toMatch(/^rebuild service -> functions: /);
    expect(check("webhook/server.ts", "./trigger/src/index.ts")).toMatch(/^rebuild service -> functions: /);
    expect(check("webhook/trigger/src/index.ts", "../../lib/config.ts")).toMatch(
      /^functions -> outside their folder: /,
    );
    expect(check("webhook/trigger/src/index.ts", "../../server.ts")).toMatch(/^functions -> outside their folder: /);
    expect(check("webhook/trigger/src/index.ts", "../../../src/lib/search-query.ts")).toMatch(
      /^functions -> outside their folder: /,
    );
    expect(check("webhook/trigger/src/schedule/function.ts", "../post-rebuild.ts")).toBeNull();
    expect(check("webhook/lib/auth.ts", "@kindred/publishing")).toBeNull();
    expect(check("webhook/trigger/src/post-rebuild.ts", "@kindred/publishing")).toBeNull();
  });
});

describe("the workspace packages (every folder under packages/)", () => {
  it("refuses a relative import of a package's files from outside it, naming the package to import", () => {
    expect(check("webhook/lib/auth.ts", "../../packages/publishing/src/signature.ts")).toMatch(
      /^outside -> package: .* is packages\/publishing\/src\/signature\.ts, inside packages\/publishing\/; import it by name \("@kindred\/publishing"\)/,
    );
    expect(check("src/templates/blog-article.tsx", "../../packages/article/src/contract")).toMatch(
      /^outside -> package: .*\("@kindred\/article"\)/,
    );
    // Tests too, unless they are the package's own, at its mirrored path (docs/codebase-map.md).
    expect(
      check("__tests__/unit/webhook/lib/auth.test.ts", "../../../../packages/publishing/src/signature.ts"),
    ).toMatch(/^outside -> package: /);
    expect(
      check("__tests__/unit/packages/article/src/slug.test.ts", "../../../../../packages/publishing/src/signature.ts"),
    ).toMatch(/^outside -> package: /);
  });

  it("lets a package's own tests, under __tests__/unit/packages/<name>/, reach its modules", () => {
    expect(
      check(
        "__tests__/unit/packages/publishing/src/signature.test.ts",
        "../../../../../packages/publishing/src/signature.ts",
      ),
    ).toBeNull();
    expect(check("__tests__/unit/packages/example/a.test.ts", "../../../../packages/example/src/a.ts")).toBeNull();
    // Only under unit/: a folder elsewhere that happens to be named packages/ is not the package's.
    expect(check("__tests__/packages/example/a.test.ts", "../../../packages/example/src/a.ts")).toMatch(
      /^outside -> package: /,
    );
  });

  it("applies to a package folder that has no rule of its own, even before it has a package.json", () => {
    expect(check("scripts/seed.ts", "../packages/example/src/a.ts")).toMatch(
      /^outside -> package: .* inside packages\/example\/; import it by name \("the name in packages\/example\/package.json"\)/,
    );
    expect(check("packages/example/src/a/b.ts", "../c.ts")).toBeNull();
    expect(check("packages/example/src/a.ts", "../../../src/lib/slug.ts")).toMatch(
      /^package -> outside: .* is src\/lib\/slug\.ts, outside packages\/example\//,
    );
  });

  it("refuses reaching past a package's entry by name", () => {
    expect(check("webhook/lib/auth.ts", "@kindred/publishing/src/signature.ts")).toMatch(
      /^packages: "@kindred\/publishing\/src\/signature\.ts" reaches past the entry of @kindred\/publishing/,
    );
    expect(check("src/lib/live-card.ts", "@kindred/article/src/contract")).toMatch(/reaches past the entry/);
    // Other packages' subpaths are theirs to export.
    expect(check("webhook/lib/build-events.ts", "firebase-admin/firestore")).toBeNull();
  });

  it("lets a package import its own files, Node's built-ins, npm packages and other packages by name", () => {
    expect(check("packages/publishing/src/schedule/job.ts", "./plan.ts")).toBeNull();
    expect(check("packages/publishing/src/schedule/status.ts", "../article-status-writer.ts")).toBeNull();
    expect(check("packages/publishing/src/signature.ts", "node:crypto")).toBeNull();
    expect(check("packages/publishing/src/schedule/firestore-store.ts", "firebase-admin/firestore")).toBeNull();
    expect(check("packages/publishing/src/index.ts", "@kindred/article")).toBeNull();
  });

  it("refuses a package importing anything outside itself by path, another package included", () => {
    expect(check("packages/publishing/src/signature.ts", "../../../webhook/lib/auth.ts")).toMatch(
      /^package -> outside: .* is webhook\/lib\/auth\.ts, outside packages\/publishing\//,
    );
    expect(check("packages/publishing/src/index.ts", "../../article/src/index.ts")).toMatch(/^package -> outside: /);
    expect(check("packages/article/src/contract.ts", "../../../plugins/gatsby-source-firestore/src/normalize")).toMatch(
      /^package -> outside: /,
    );
  });
});
