/** @jest-environment node */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { htmlPathOf, stitchSlices } from "../../../../plugins/gatsby-internals/page-renderer";

// The renderer stitches slices into a page in memory; Gatsby's build does it on the written file
// (gatsby/dist/utils/slices/stitching.js). Both are run here on the same pages and slices, and
// must give the same text or fail alike.

interface GatsbyStitching {
  stitchSliceForAPage(args: { pagePath: string; publicDir: string }): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gatsby = require("gatsby/dist/utils/slices/stitching") as GatsbyStitching;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "stitch-"));
  mkdirSync(path.join(dir, "_gatsby", "slices"), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Gatsby's result for the page (or its error), and ours, with the same slices. */
async function bothWays(
  html: string,
  slices: Record<string, string>,
): Promise<{ gatsby: string | Error; ours: string | Error; reads: string[] }> {
  for (const [id, text] of Object.entries(slices))
    writeFileSync(path.join(dir, "_gatsby", "slices", `${id}.html`), text);
  const file = htmlPathOf(dir, "/page/");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  const theirs = await gatsby
    .stitchSliceForAPage({ pagePath: "/page/", publicDir: dir })
    .then(() => readFileSync(file, "utf8"))
    .catch((error: Error) => error);
  const reads: string[] = [];
  let ours: string | Error;
  try {
    ours = stitchSlices(html, (id) => {
      reads.push(id);
      const text = slices[id];
      if (text === undefined) throw new Error(`no slice ${id}`);
      return text;
    });
  } catch (error) {
    ours = error as Error;
  }
  return { gatsby: theirs, ours, reads };
}

const SCRIPTS = '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/";/*]]>*/</script>';

describe("stitchSlices", () => {
  it("leaves a page without markers as it is, reading no slice", async () => {
    const html = "<!DOCTYPE html><html><body><p>slice-start is only text here</p></body></html>";
    const { gatsby, ours, reads } = await bothWays(html, {});
    expect(ours).toBe(html);
    expect(ours).toBe(gatsby);
    expect(reads).toEqual([]);
  });

  it("puts the scripts slice between the comments the build leaves, as Gatsby does", async () => {
    const html =
      '<html><body><div id="___gatsby"></div><!-- slice-start id="_gatsby-scripts-1" --><!-- slice-end id="_gatsby-scripts-1" --></body></html>';
    const { gatsby, ours } = await bothWays(html, { "_gatsby-scripts-1": SCRIPTS });
    expect(ours).toContain(SCRIPTS);
    expect(ours).toBe(gatsby);
  });

  it("turns element markers into comments and drops what was between them", async () => {
    const html =
      '<main><slice-start id="header" data-x="1"></slice-start><p>placeholder</p><slice-end id="header"></slice-end>after</main>';
    const { gatsby, ours } = await bothWays(html, { header: "<header>Kindred</header>" });
    expect(ours).toBe(
      '<main><!-- slice-start id="header" --><header>Kindred</header><!-- slice-end id="header" -->after</main>',
    );
    expect(ours).toBe(gatsby);
  });

  it("stitches slices inside slices, and keeps only the outermost markers of the page", async () => {
    const html =
      '<a><!-- slice-start id="outer" --><!-- slice-start id="inner" -->old<!-- slice-end id="inner" --><!-- slice-end id="outer" --></a>' +
      '<b><!-- slice-start id="inner" --><!-- slice-end id="inner" --></b>';
    const slices = {
      outer: 'O[<slice-start id="inner"></slice-start><slice-end id="inner"></slice-end>]',
      inner: "I",
    };
    const { gatsby, ours } = await bothWays(html, slices);
    expect(ours).toContain('O[<!-- slice-start id="inner" -->I<!-- slice-end id="inner" -->]');
    expect(ours).toBe(gatsby);
  });

  it("keeps Unicode and markers' neighbours byte for byte", async () => {
    const html = 'पहली मुलाक़ात 💕<!-- slice-start id="s" --><!-- slice-end id="s" -->☕ & <tips>';
    const { gatsby, ours } = await bothWays(html, { s: "<i>चाय</i>" });
    expect(ours).toBe(gatsby);
  });

  it.each([
    ["a start without an end", '<!-- slice-start id="s" -->'],
    ["an end before any start", '<!-- slice-end id="s" -->'],
    ["an element closed as the other kind", '<slice-start id="s"></slice-end>'],
  ])("fails, as Gatsby does, on %s", async (_what, html) => {
    const { gatsby, ours } = await bothWays(html, { s: "x" });
    expect(gatsby).toBeInstanceOf(Error);
    expect(ours).toBeInstanceOf(Error);
  });
});
