/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MARK_SVG, iconsVersion } from "../../../../src/node/manifest";
import { siteIcons, svgDataUrl } from "../../../../src/node/site-icons";

const PREFIX = "data:image/svg+xml,";
/** The SVG a browser reads from the data URL. */
const decoded = (url: string): string => decodeURIComponent(url.slice(PREFIX.length));

describe("svgDataUrl", () => {
  it("drops the white space between tags and escapes what a URL in an HTML attribute cannot hold", () => {
    expect(svgDataUrl(`<svg xmlns="http://www.w3.org/2000/svg">\n  <path fill="#fff" d='M0 0h1'/>\n</svg>`)).toBe(
      `${PREFIX}%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E%3Cpath%20fill=%22%23fff%22%20d=%27M0%200h1%27/%3E%3C/svg%3E`,
    );
  });

  it("gives back the same drawing when a browser decodes it", () => {
    const svg = `<svg viewBox="0 0 10 10"><text x='1'>100% {a} &amp; b</text></svg>`;
    expect(decoded(svgDataUrl(svg))).toBe(svg);
    expect(svgDataUrl(svg)).not.toMatch(/[\s"'<>#]/);
  });
});

describe("siteIcons", () => {
  it("inlines the site's mark as the favicon, without its fixed size, and names the Apple touch icon's version", async () => {
    const icons = await siteIcons(process.cwd());
    const mark = await readFile(path.join(process.cwd(), MARK_SVG), "utf8");
    expect(icons.favicon.startsWith(PREFIX)).toBe(true);
    // The root keeps its drawing's coordinates and loses its fixed size; the drawing inside keeps its own.
    expect(decoded(icons.favicon)).toMatch(/^<svg xmlns="[^"]*" viewBox="0 0 512 512"><defs>/);
    expect(decoded(icons.favicon)).toContain('<rect width="512" height="512" rx="116"');
    // Small enough to write into every page.
    expect(icons.favicon.length).toBeLessThan(mark.length * 1.5);
    expect(icons.appleTouchIcon).toBe(`/icons/apple-touch-icon-${await iconsVersion(process.cwd())}.png`);
  });

  it("follows the mark: another drawing is another favicon", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "icons-"));
    await mkdir(path.dirname(path.join(site, MARK_SVG)), { recursive: true });
    await writeFile(
      path.join(site, MARK_SVG),
      `<svg viewBox="0 0 1 1" width="512" height="512"><rect width="1" height="1"/></svg>`,
    );
    expect(decoded((await siteIcons(site)).favicon)).toBe(`<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`);
  });
});
