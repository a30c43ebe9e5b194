/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sitePagePath } from "../../../../src/components/article-body/site-links";
import { APPLE_TOUCH_ICON, FEED_PATH, MANIFEST_PATH, THEME_COLOR } from "../../../../src/lib/site-files";
import { hostingEntry, readFirebaseJson } from "../../../../scripts/lib/hosting.ts";

// The addresses of the files the build writes beside the pages must read as files everywhere a path
// is judged: the hosting's rewrites (firebase.json) must not answer them with a page, and an article
// body's link to one must reach the browser rather than the router. The theme colour is the brand's.

const ROOT = process.cwd();
const FILES = { FEED_PATH, MANIFEST_PATH, APPLE_TOUCH_ICON };

const hosting = hostingEntry("site", readFirebaseJson(ROOT)) as {
  rewrites: { regex?: string; source?: string; destination: string }[];
};

describe("the addresses of the build's files", () => {
  it.each(Object.entries(FILES))("%s is an address at the site's root", (_name, address) => {
    expect(address).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z]+$/);
  });

  it.each(Object.entries(FILES))("%s is never answered with a page by the hosting's rewrites", (_name, address) => {
    const rewrites = hosting.rewrites.filter((rule) => rule.regex !== undefined);
    expect(rewrites.length).toBe(hosting.rewrites.length);
    expect(rewrites.filter((rule) => new RegExp(rule.regex!).test(address))).toEqual([]);
  });

  it.each(Object.entries(FILES))("%s, linked from an article, is left to the browser", (_name, address) => {
    expect(sitePagePath(address)).toBeNull();
  });

  it("are three different files", () => {
    expect(new Set(Object.values(FILES)).size).toBe(3);
  });
});

describe("THEME_COLOR", () => {
  it("is the brand colour of the stylesheet", () => {
    const global = readFileSync(path.join(ROOT, "src", "styles", "global.css"), "utf8");
    expect(/--color-primary:\s*(#[0-9a-f]{6})\s*;/i.exec(global)?.[1]?.toLowerCase()).toBe(THEME_COLOR.toLowerCase());
  });
});
