// The HTML renderer and the browser bundle name CSS-module classes separately (css-loader runs in
// both builds; src/node/webpack.ts gives both the same short naming), and the pages are styled by the stylesheet inlined in their HTML before any script
// runs. When the two namings drift apart the markup's classes match no rule and every page loses
// its styles until hydration re-renders it: src/node/webpack.ts changes how the browser bundle
// evaluates CSS modules, which is how that can happen.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test, expect } from "./fixtures";

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");

/** The HTML files of the built pages, by their path under public/. */
const builtPages = (): string[] =>
  readdirSync(PUBLIC_DIR, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".html") && !file.startsWith("_gatsby") && !file.startsWith("page-data"),
  );

/** Whether the stylesheet has a selector naming exactly this class (not one it is the start of). */
const hasRuleFor = (styles: string, name: string): boolean =>
  new RegExp(`\\.${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(styles);

test("every class in a built page's markup has a rule in the stylesheet the page inlines", () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(30);
  for (const file of pages) {
    const html = readFileSync(path.join(PUBLIC_DIR, file), "utf8");
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("\n");
    const classes = new Set(
      [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)).filter(Boolean),
    );
    expect({ file, some: classes.size > 0 }).toEqual({ file, some: true });
    const unstyled = [...classes].filter((name) => !hasRuleFor(styles, name));
    expect({ file, unstyled }).toEqual({ file, unstyled: [] });
  }
});
