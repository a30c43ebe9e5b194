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
    expect(check("plugins/gatsby-source-firestore/src/normalize.ts", "../rules/contract")).toBeNull();
    expect(
      check("plugins/gatsby-source-firestore/src/sync-state.ts", "../../gatsby-internals/gatsby-store"),
    ).toBeNull();
  });

  it("refuses browser code importing build-only code or Node's built-ins", () => {
    expect(check("src/components/blog/BlogCard.tsx", "../../node/feed")).toMatch(/^browser -> build-only/);
    expect(check("src/lib/slug.ts", "node:path")).toMatch(/Node built-in/);
    expect(check("src/lib/slug.ts", "fs/promises")).toMatch(/Node built-in/);
    expect(check("gatsby-browser.tsx", "./src/node/webpack")).toMatch(/^browser -> build-only/);
    expect(check("plugins/gatsby-source-firestore/rules/contract.ts", "../src/read-local")).toMatch(
      /^browser -> build-only/,
    );
  });

  it("lets browser code use the shared rules and its own neighbours", () => {
    expect(check("src/lib/live-card.ts", "../../plugins/gatsby-source-firestore/rules/contract")).toBeNull();
    expect(check("src/components/blog/BlogCard.tsx", "../../lib/slug")).toBeNull();
    expect(check("plugins/gatsby-source-firestore/rules/contract.ts", "./safe-url")).toBeNull();
  });

  it("lets the site's build code import anything upstream", () => {
    expect(check("src/node/feed.ts", "../../plugins/gatsby-internals/gatsby-store")).toBeNull();
    expect(check("src/node/feed.ts", "node:fs")).toBeNull();
  });

  it("refuses the rebuild service importing the site's build, except its documented entry points", () => {
    expect(check("webhook/lib/check-output.ts", "../../src/node/create-pages.ts")).toMatch(
      /^rebuild service -> site build/,
    );
    expect(check("webhook/lib/check-output.ts", "../../src/lib/search-pieces.ts")).toBeNull();
    expect(check("webhook/lib/auth.ts", "../trigger/src/signature.ts")).toBeNull();
  });
});
