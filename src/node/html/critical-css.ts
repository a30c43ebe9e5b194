import { readFile } from "node:fs/promises";
import path from "node:path";
import postcss, { type Root } from "postcss";
import { GLOBAL_STYLE_IDENTITY, type Edit, type PageScan } from "./parse-html";

// Gatsby inlines the whole site's stylesheet into the <head> of every page: about 21 kB, 5.6 kB
// gzipped, of which a page uses half. On a slow connection that half decides whether the page's
// HTML arrives in the first round trip (about 14 kB on the wire) or needs a second one, which on an
// article put its largest paint 150 ms later in Lighthouse's mobile run (docs/first-load.md).
//
// This step keeps in the page only the rules that can match its HTML as built; the boot script
// (boot-script.ts) then loads the whole stylesheet, cached for a year under its hashed name, right
// after the inline one, and inserts the page's scripts only once it has arrived, so no script ever
// sees a class it adds without its rule. Without JavaScript a <noscript> link loads the whole sheet.
//
// A rule is left out only when one of its selectors' classes is on no element of the page: a
// selector cannot match an element whose class is missing. The classes inside :not(), :is(),
// :where() and :has() do not count (:not(.a) matches without .a), and a selector with an escape is
// always kept. Both sheets hold the same rules in the same order, the whole one just after the
// inline one, so once it is in, every element's style is exactly what it was with the whole sheet
// inline.

/** One stylesheet, parsed once per build, and what each set of classes keeps of it. */
export interface StylesheetRules {
  /** The rules whose selectors could match an element with these classes (plus the runtime classes). */
  criticalFor(classes: ReadonlySet<string>): string;
}

/** The classes a selector needs on some element for it to match anything; undefined: keep it always. */
export function classesSelectorNeeds(selector: string): string[] | undefined {
  if (selector.includes("\\")) return undefined;
  let text = selector.replace(/\[[^\]]*\]/g, "[]").replace(/"[^"]*"|'[^']*'/g, '""');
  for (let before = ""; before !== text;) {
    before = text;
    text = text.replace(/:[\w-]+\([^()]*\)/g, "");
  }
  return [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
}

/**
 * The stylesheet's rules, ready to be cut down per page. `runtimeClasses` are classes the page's
 * own boot script adds (the web font's switch): their rules stay in every page.
 */
export function stylesheetRules(css: string, runtimeClasses: readonly string[] = []): StylesheetRules {
  const root = postcss.parse(css);
  const known = new Set<string>();
  root.walkRules((rule) => {
    for (const selector of rule.selectors) for (const name of classesSelectorNeeds(selector) ?? []) known.add(name);
  });
  const kept = new Map<string, string>();
  return {
    criticalFor(classes) {
      const present = [...new Set([...classes, ...runtimeClasses])].filter((name) => known.has(name)).sort();
      const key = present.join(" ");
      const done = kept.get(key);
      if (done !== undefined) return done;
      const text = cutDown(root, new Set(present));
      kept.set(key, text);
      return text;
    },
  };
}

function cutDown(root: Root, present: ReadonlySet<string>): string {
  const copy = root.clone();
  copy.walkRules((rule) => {
    const matching = rule.selectors.filter((selector) =>
      (classesSelectorNeeds(selector) ?? []).every((name) => present.has(name)),
    );
    if (matching.length === 0) rule.remove();
    else if (matching.length < rule.selectors.length) rule.selector = matching.join(",");
  });
  // Conditional groups (@media, @supports) left empty go too; @font-face and @keyframes have no rules of their own.
  copy.walkAtRules((atRule) => {
    if (atRule.nodes !== undefined && atRule.nodes.length === 0 && atRule.name !== "font-face") atRule.remove();
  });
  return copy.toString();
}

/** The edits that inline the page's share of the global stylesheet and link the whole sheet for pages without JavaScript. */
export function criticalCssEdits(page: PageScan, rules: StylesheetRules): Edit[] | undefined {
  const style = page.globalStyle;
  if (!style) return undefined;
  const critical = rules.criticalFor(page.classes);
  // Inside <style> only "</style" would end the element early; a stylesheet that Gatsby inlined has none.
  if (/<\/style/i.test(critical)) throw new Error(`the stylesheet ${style.href} would end its <style> element`);
  return [
    { start: style.contentStart, end: style.contentEnd, text: critical },
    { start: style.end, end: style.end, text: `<noscript><link rel="stylesheet" href="${style.href}"/></noscript>` },
  ];
}

/**
 * Each global stylesheet a build's pages inline, read from public/ and parsed once. `prepare` reads
 * the one a page names before `rulesOf`, which is synchronous, is asked for it.
 */
export function stylesheetReader(
  dir: string,
  runtimeClasses: readonly string[],
): { prepare(html: string): Promise<void>; rulesOf(href: string): StylesheetRules | undefined } {
  const sheets = new Map<string, StylesheetRules | undefined>();
  return {
    async prepare(html) {
      const href = new RegExp(`data-href="(/styles\\.[\\w.-]+\\.css)" data-identity="${GLOBAL_STYLE_IDENTITY}"`).exec(
        html,
      )?.[1];
      if (href === undefined || sheets.has(href)) return;
      const css = await readFile(path.join(dir, href), "utf8").catch(() => undefined);
      sheets.set(href, css === undefined ? undefined : stylesheetRules(css, runtimeClasses));
    },
    rulesOf: (href) => sheets.get(href),
  };
}
