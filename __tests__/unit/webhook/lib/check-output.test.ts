/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkOutput, checkShrink } from "../../../../webhook/lib/check-output.ts";

describe("the output check", () => {
  let site: string;
  const page = (file: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), "<!DOCTYPE html><html><body>ok</body></html>\n");
  };
  /** The search index's manifest and card chunks (packages/article/src/search-pieces.ts) for these cards by slot. */
  const searchIndex = (cards: ({ slug: string } | null)[]) => {
    mkdirSync(path.join(site, "search/c"), { recursive: true });
    writeFileSync(
      path.join(site, "search/index.json"),
      JSON.stringify({ version: 1, slots: cards.length, shards: 1, idShards: 1, holes: [] }),
    );
    writeFileSync(path.join(site, "search/c/0.json"), JSON.stringify(cards));
  };
  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), "check-output-"));
    [
      "index.html",
      "blog/index.html",
      "404.html",
      "blogarticle/[...slug]/index.html",
      "blogarticle/one/index.html",
    ].forEach(page);
    searchIndex([{ slug: "one" }]);
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  it("passes a complete site and counts its articles", () => {
    expect(checkOutput(site)).toEqual({ problems: [], articles: 1 });
  });

  it("names every missing page, truncated page and bad index entry", () => {
    rmSync(path.join(site, "blog/index.html"));
    rmSync(path.join(site, "blogarticle/[...slug]/index.html"));
    writeFileSync(path.join(site, "index.html"), "<!DOCTYPE html><html><body>cut o");
    searchIndex([{ slug: "one" }, null, { slug: "two" }, { slug: "../etc" }]);
    expect(checkOutput(site).problems).toEqual([
      "missing or incomplete page index.html",
      "missing or incomplete page blog/index.html",
      "missing or incomplete page blogarticle/[...slug]/index.html",
      "missing article page blogarticle/two/index.html",
      'search index entry with an invalid slug: "../etc"',
    ]);
  });

  it("fails a site without a readable search index", () => {
    rmSync(path.join(site, "search/c/0.json"));
    expect(checkOutput(site).problems).toEqual(["unreadable search index search/c/0.json (missing)"]);
    rmSync(path.join(site, "search/index.json"));
    expect(checkOutput(site).problems).toEqual(["unreadable search index search/index.json (missing)"]);
  });
});

describe("the shrink guard", () => {
  const published = { id: "r1", articles: 10 };
  const rule = { maxDrop: 0.5 };

  it("refuses a build without articles, published release or not", () => {
    expect(checkShrink(0, published, rule)).toMatch(
      /^The new build lists no articles \(the published release r1 has 10\)/,
    );
    expect(checkShrink(0, null, rule)).toMatch(/^The new build lists no articles\. .*allowShrink/);
  });

  it("lets through a drop up to the limit and refuses one beyond it, naming both counts", () => {
    expect(checkShrink(5, published, rule)).toBeNull();
    expect(checkShrink(12, published, rule)).toBeNull();
    expect(checkShrink(4, published, rule)).toBe(
      'The new build lists 4 articles where the published release r1 has 10: a drop of 60%, more than the 50% MAX_ARTICLE_DROP allows. If that is intended, trigger again with {"allowShrink": true}.',
    );
    expect(checkShrink(4, published, { maxDrop: 0.6 })).toBeNull();
    expect(checkShrink(9, published, { maxDrop: 0 })).toMatch(/a drop of 10%, more than the 0%/);
  });

  it("has nothing to compare with before the first publish", () => {
    expect(checkShrink(1, null, rule)).toBeNull();
  });
});
