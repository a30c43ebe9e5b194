/** @jest-environment node */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  classesSelectorNeeds,
  criticalCssEdits,
  stylesheetReader,
  stylesheetRules,
} from "../../../../../src/node/html/critical-css";
import { scanPage, splice } from "../../../../../src/node/html/parse-html";

const SHEET =
  `@font-face{font-family:X;src:url(/x.woff2)}:root{--c:red}body{margin:0}.webfont{--f:X}` +
  `.card{color:red}.card .title,.hero{font-weight:700}.list>.item:not(.done){color:blue}` +
  `@media (min-width:40em){.card{padding:1em}.menu{display:none}}@supports (display:grid){.grid{display:grid}}` +
  `@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}.a[data-x=".b"]{color:green}.e\\:f{color:pink}`;

const page = (body: string, sheet = "/styles.1.css"): string =>
  `<!DOCTYPE html><html><head><style data-href="${sheet}" data-identity="gatsby-global-css">${SHEET}</style>` +
  `<title>t</title></head><body>${body}</body></html>`;

describe("classesSelectorNeeds", () => {
  it("lists the classes a selector needs, not those inside :not(), :is(), :where(), :has() or an attribute's value", () => {
    expect(classesSelectorNeeds(".card .title")).toEqual(["card", "title"]);
    expect(classesSelectorNeeds(".list>.item:not(.done)")).toEqual(["list", "item"]);
    expect(classesSelectorNeeds(":is(.a,.b) .c:where(.d:not(.e))")).toEqual(["c"]);
    expect(classesSelectorNeeds('.a[data-x=".b"]')).toEqual(["a"]);
    expect(classesSelectorNeeds("body")).toEqual([]);
  });

  it("keeps any selector with an escape, whose class names it does not read", () => {
    expect(classesSelectorNeeds(".e\\:f")).toBeUndefined();
  });
});

describe("stylesheetRules", () => {
  const rules = stylesheetRules(SHEET, ["webfont"]);

  it("keeps the rules without classes, those of the runtime classes, and those whose classes the page has", () => {
    const css = rules.criticalFor(new Set(["card"]));
    expect(css).toBe(
      `@font-face{font-family:X;src:url(/x.woff2)}:root{--c:red}body{margin:0}.webfont{--f:X}` +
        `.card{color:red}@media (min-width:40em){.card{padding:1em}}` +
        `@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}.e\\:f{color:pink}`,
    );
  });

  it("keeps, of a selector list, only the selectors that can match", () => {
    expect(rules.criticalFor(new Set(["hero"]))).toContain(".hero{font-weight:700}");
    expect(rules.criticalFor(new Set(["card", "title", "hero"]))).toContain(".card .title,.hero{font-weight:700}");
  });

  it("keeps a rule whose :not() names a class the page lacks", () => {
    expect(rules.criticalFor(new Set(["list", "item"]))).toContain(".list>.item:not(.done){color:blue}");
    expect(rules.criticalFor(new Set(["list"]))).not.toContain(".item");
  });

  it("drops conditional groups left empty", () => {
    const css = rules.criticalFor(new Set());
    expect(css).not.toContain("@media");
    expect(css).not.toContain("@supports");
    expect(rules.criticalFor(new Set(["grid"]))).toContain("@supports (display:grid){.grid{display:grid}}");
  });

  it("keeps every rule for a page with every class, in the sheet's order", () => {
    expect(rules.criticalFor(new Set(["card", "title", "hero", "list", "item", "done", "menu", "grid", "a"]))).toBe(
      SHEET,
    );
  });

  it("gives the same text for the same classes, whatever else the page has", () => {
    expect(rules.criticalFor(new Set(["card", "unknown"]))).toBe(rules.criticalFor(new Set(["card"])));
  });
});

describe("criticalCssEdits", () => {
  const rules = stylesheetRules(SHEET, []);

  it("cuts the inlined sheet down to the page's classes and links the whole one for pages without scripts", () => {
    const html = page(`<div class="card"><h2 class="title">Hi</h2></div><noscript><p class="menu">x</p></noscript>`);
    const edits = criticalCssEdits(scanPage(html), rules);
    const done = splice(html, edits ?? []);
    expect(done).toContain(`.card .title{font-weight:700}`);
    expect(done).not.toContain(".menu");
    expect(done).toContain(
      `${rules.criticalFor(new Set(["card", "title"]))}</style><noscript><link rel="stylesheet" href="/styles.1.css"/></noscript><title>`,
    );
  });

  it("leaves a page without Gatsby's inlined sheet alone", () => {
    expect(criticalCssEdits(scanPage("<!DOCTYPE html><html><head></head><body></body></html>"), rules)).toBeUndefined();
  });
});

describe("stylesheetReader", () => {
  it("reads and parses each sheet the pages name once, and nothing for a page naming a missing one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "critical-css-"));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "styles.1.css"), SHEET);
    const reader = stylesheetReader(dir, []);
    await reader.prepare(page(""));
    await reader.prepare(page("", "/styles.2.css"));
    expect(reader.rulesOf("/styles.1.css")?.criticalFor(new Set())).toContain("body{margin:0}");
    expect(reader.rulesOf("/styles.2.css")).toBeUndefined();
  });
});
