/** @jest-environment node */
import { mkdir, mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BuildArgs, Reporter, Store } from "gatsby";
import sharp from "sharp";
import { APPLE_TOUCH_ICON, MANIFEST_PATH } from "../../../../src/lib/site-files";
import {
  ICONS,
  MARK_SVG,
  MASKABLE_SAFE_RADIUS,
  maskableSvg,
  renderIcon,
  iconsVersionOf,
  versionedIcon,
  writeManifest,
} from "../../../../src/node/manifest";

const root = path.join(__dirname, "../../../..");
const mark = (): Promise<string> => readFile(path.join(root, MARK_SVG), "utf8");

async function pixels(png: Buffer): Promise<{ data: Buffer; size: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, size: info.width };
}

describe("the maskable icon", () => {
  it("fills the whole square: no transparent corner for a launcher to show", async () => {
    const { data, size } = await pixels(await renderIcon(maskableSvg(await mark()), 192));
    for (const [x, y] of [
      [0, 0],
      [size - 1, 0],
      [0, size - 1],
      [size - 1, size - 1],
    ])
      expect(data[(y! * size + x!) * 4 + 3]).toBe(255);
  });

  it("keeps the whole mark inside the safe circle (40% of the size around the centre)", async () => {
    const size = 512;
    const svg = maskableSvg(await mark());
    // The same square with the background alone: whatever differs from it is the mark.
    const backgroundOnly = svg.replace(/<g transform=[\s\S]*<\/g>/, "");
    const [icon, background] = await Promise.all(
      [renderIcon(svg, size), renderIcon(backgroundOnly, size)].map(async (png) => pixels(await png)),
    );
    let markPixels = 0;
    let farthest = 0;
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const at = (y * size + x) * 4;
        const difference = Math.max(
          ...[0, 1, 2].map((channel) => Math.abs(icon!.data[at + channel]! - background!.data[at + channel]!)),
        );
        if (difference <= 6) continue;
        markPixels += 1;
        farthest = Math.max(farthest, Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2));
      }
    }
    expect(markPixels).toBeGreaterThan(size * size * 0.1);
    expect(farthest).toBeLessThanOrEqual(MASKABLE_SAFE_RADIUS * size);
  });

  it("needs a background <rect/> and a viewBox to work from", () => {
    expect(() => maskableSvg('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>')).toThrow(/background/);
  });
});

describe("writeManifest", () => {
  /** A site folder with the mark, and what writeManifest is given in a build. */
  async function newSite() {
    const dir = await mkdtemp(path.join(tmpdir(), "manifest-"));
    await mkdir(path.join(dir, "public"));
    await mkdir(path.join(dir, path.dirname(MARK_SVG)), { recursive: true });
    await writeFile(path.join(dir, MARK_SVG), await mark());
    const values = new Map<string, unknown>();
    const cache = {
      get: async (key: string) => values.get(key),
      set: async (key: string, value: unknown) => values.set(key, structuredClone(value)),
    };
    const graphql = jest.fn().mockResolvedValue({
      data: {
        site: {
          siteMetadata: { title: "Kindred", siteName: "Kindred", description: "Dating for meaningful connections" },
        },
      },
    });
    const reporter = { info: jest.fn(), panicOnBuild: jest.fn() };
    const store = { getState: () => ({ program: { directory: dir } }) } as unknown as Store;
    const run = () =>
      writeManifest({
        graphql: graphql as unknown as BuildArgs["graphql"],
        reporter: reporter as unknown as Reporter,
        store,
        cache,
      });
    return { dir, run, reporter };
  }

  it("draws the icons once: a build with the same mark leaves every file and its modification time alone", async () => {
    const { dir, run, reporter } = await newSite();
    await run();
    const version = iconsVersionOf(await mark());
    const files = [
      MANIFEST_PATH,
      ...[APPLE_TOUCH_ICON, ...ICONS.map((icon) => icon.file)].map((file) => versionedIcon(file, version)),
    ].map((file) => path.join(dir, "public", file));
    const past = new Date("2020-01-01T00:00:00.000Z");
    for (const file of files) await utimes(file, past, past);
    await run();
    for (const file of files)
      expect({ file, mtime: (await stat(file)).mtimeMs }).toEqual({ file, mtime: past.getTime() });
    expect(reporter.info).toHaveBeenLastCalledWith(expect.stringMatching(/icons kept/));

    // An icon gone from public/ is drawn again, and only it.
    await rm(files[2]!);
    await run();
    expect((await sharp(files[2]!).metadata()).width).toBe(ICONS[0]!.size);
    expect((await stat(files[3]!)).mtimeMs).toBe(past.getTime());

    // A new mark redraws them all, under new names (the old ones are gone), and the manifest names them.
    const newMark = (await mark()).replace("</svg>", '<circle cx="1" cy="1" r="1" fill="#000"/></svg>');
    await writeFile(path.join(dir, MARK_SVG), newMark);
    await run();
    const newVersion = iconsVersionOf(newMark);
    expect(newVersion).not.toBe(version);
    expect(await readdir(path.join(dir, "public", "icons"))).toEqual(
      [APPLE_TOUCH_ICON, ...ICONS.map((icon) => icon.file)]
        .map((file) => path.basename(versionedIcon(file, newVersion)))
        .sort(),
    );
    expect(await readFile(files[0]!, "utf8")).toContain(versionedIcon(ICONS[0]!.file, newVersion));
  });

  it("writes the manifest with the site's name and colours, and every icon it lists at its size", async () => {
    const { dir: site, run } = await newSite();
    await run();

    const manifest = JSON.parse(await readFile(path.join(site, "public", MANIFEST_PATH), "utf8")) as Record<
      string,
      unknown
    > & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      name: "Kindred",
      short_name: "Kindred",
      start_url: "/",
      display: "standalone",
      theme_color: "#b3124f",
      background_color: "#ffffff",
    });
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(["any", "any", "maskable", "maskable"]);
    for (const icon of manifest.icons) {
      // A content-versioned name, which hosting caches for a year (firebase.json).
      expect(icon.src).toMatch(/^\/icons\/[\w-]+-[0-9a-f]{20}\.png$/);
      const meta = await sharp(path.join(site, "public", icon.src)).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe("png");
    }
    expect(manifest.icons).toHaveLength(ICONS.length);
    // The icon a browser fetches while the first page loads, to check the site can be installed.
    const small = manifest.icons.find((icon) => icon.sizes === "192x192" && icon.purpose === "any")!;
    expect((await readFile(path.join(site, "public", small.src))).length).toBeLessThanOrEqual(5_000);
    const touchIcon = versionedIcon(APPLE_TOUCH_ICON, iconsVersionOf(await mark()));
    expect((await sharp(path.join(site, "public", touchIcon)).metadata()).width).toBe(180);
  });
});
