/** @jest-environment node */
import { GLOBAL_STYLE_IDENTITY, scanPage, splice } from "../../../../../src/node/html/parse-html";

describe("scanPage", () => {
  it("lists each script with its attributes, its text as the browser reads it, and where it is", () => {
    const html =
      '<html><head><script async src="/app.js" id="app"></script></head><body><script type="module">a();\r\nb();</script></body></html>';
    const [external, inline] = scanPage(html).scripts;
    expect(external).toMatchObject({
      src: "/app.js",
      async: true,
      id: "app",
      type: undefined,
      text: "",
      inTemplate: false,
    });
    expect(html.slice(external!.location!.start, external!.location!.end)).toBe(
      '<script async src="/app.js" id="app"></script>',
    );
    expect(inline).toMatchObject({
      src: undefined,
      async: false,
      type: "module",
      text: "a();\nb();",
      inTemplate: false,
    });
  });

  it("marks a script inside a <template>, which runs only once cloned", () => {
    expect(scanPage("<template><script>later()</script></template>").scripts).toEqual([
      expect.objectContaining({ text: "later()", inTemplate: true }),
    ]);
  });

  it("finds the policy meta tags in any case, and where <head>'s content starts", () => {
    const html =
      '<html><HEAD lang="x"><META HTTP-EQUIV=" Content-Security-Policy " content="a"><meta name="x"></HEAD></html>';
    const scan = scanPage(html);
    expect(scan.policyMetas.map(({ start, end }) => html.slice(start, end))).toEqual([
      '<META HTTP-EQUIV=" Content-Security-Policy " content="a">',
    ]);
    expect(html.slice(scan.headContentStart)).toMatch(/^<META/);
  });

  it("has no <head> start for a page that has no <head> tag", () => {
    expect(scanPage("<!DOCTYPE html><body><header>x</header></body>").headContentStart).toBeUndefined();
  });

  it("collects every class of the page's elements, but not the text of a <noscript>", () => {
    const scan = scanPage(
      '<body class="a  b"><p class="c\ta">x</p><noscript><p class="hidden">y</p></noscript></body>',
    );
    expect([...scan.classes].sort()).toEqual(["a", "b", "c"]);
  });

  it("finds the first <style> Gatsby inlined the global stylesheet into, and where its content is", () => {
    const html =
      `<head><style data-identity="${GLOBAL_STYLE_IDENTITY}" data-href="/styles.css">body{margin:0}</style>` +
      `<style data-identity="${GLOBAL_STYLE_IDENTITY}" data-href="/other.css">p{}</style><style>q{}</style></head>`;
    const { globalStyle } = scanPage(html);
    expect(globalStyle?.href).toBe("/styles.css");
    expect(html.slice(globalStyle!.contentStart, globalStyle!.contentEnd)).toBe("body{margin:0}");
    expect(html.slice(0, globalStyle!.end)).toMatch(/body\{margin:0\}<\/style>$/);
    expect(scanPage("<head><style>p{}</style></head>").globalStyle).toBeUndefined();
    expect(scanPage(`<style data-identity="${GLOBAL_STYLE_IDENTITY}">p{}</style>`).globalStyle).toBeUndefined();
  });
});

describe("splice", () => {
  it("replaces each range with its text and keeps every other character", () => {
    expect(
      splice("<head><title>x</title></head>", [
        { start: 6, end: 6, text: "<meta/>" },
        { start: 13, end: 14, text: "y" },
      ]),
    ).toBe("<head><meta/><title>y</title></head>");
  });

  it("applies edits in the order of the text, whatever order they come in, insertions first at one offset", () => {
    expect(
      splice("abcdef", [
        { start: 4, end: 6, text: "EF" },
        { start: 1, end: 2, text: "B" },
        { start: 1, end: 1, text: "+" },
      ]),
    ).toBe("a+BcdEF");
  });

  it("gives the text back unchanged with no edits", () => {
    expect(splice("<p>x</p>", [])).toBe("<p>x</p>");
  });
});
