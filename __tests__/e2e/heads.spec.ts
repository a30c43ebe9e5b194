// Every page of the production build carries its own head in its HTML, before any JavaScript runs:
// crawlers and link previews read it there. react-helmet keeps one head per process, and Gatsby
// renders pages two at a time, so a page can lose its head to another (Home once had none).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test, expect } from "./fixtures";

const PUBLIC_DIR = path.resolve(process.env.PUBLIC_DIR ?? "public");
const SITE_URL = "https://kindred.app";

/** Each built page's HTML file and the path it is served at. */
function builtPages(): { file: string; pagePath: string }[] {
  return readdirSync(PUBLIC_DIR, { recursive: true, encoding: "utf8" })
    .filter(
      (file) =>
        file.endsWith(".html") &&
        !file.startsWith("_gatsby") &&
        !file.startsWith("page-data") &&
        !file.includes("[...slug]"),
    )
    .map((file) => ({
      file,
      pagePath: `/${file.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`.replace(/\/$/, "") || "/",
    }));
}

test("every built page's HTML has one title, one description and one canonical link, to itself", () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(30);
  for (const { file, pagePath } of pages) {
    const html = readFileSync(path.join(PUBLIC_DIR, file), "utf8");
    const titles = html.match(/<title[^>]*>[^<]+<\/title>/g) ?? [];
    const descriptions = html.match(/<meta[^>]*name="description"[^>]*content="[^"]+"/g) ?? [];
    const canonicals = [...html.matchAll(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect({ file, titles: titles.length, descriptions: descriptions.length }).toEqual({
      file,
      titles: 1,
      descriptions: 1,
    });
    const expected = pagePath === "/404" ? [`${SITE_URL}/404`] : [`${SITE_URL}${pagePath === "/" ? "/" : pagePath}`];
    expect({ file, canonicals }).toEqual({ file, canonicals: expected });
  }
});
