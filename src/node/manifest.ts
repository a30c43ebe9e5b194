import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import sharp from "sharp";
import { siteDir } from "./site-paths";

// The web app manifest (/manifest.webmanifest) and its icons, drawn at build time from the brand
// mark in src/images/illustrations/favicon.svg. Nothing is fetched: sharp renders the SVG here.

export const MANIFEST_PATH = "/manifest.webmanifest";
export const APPLE_TOUCH_ICON = "/icons/apple-touch-icon.png";
export const THEME_COLOR = "#b3124f";
export const BACKGROUND_COLOR = "#ffffff";

/** The mark's source, relative to the site. */
export const MARK_SVG = path.join("src", "images", "illustrations", "favicon.svg");

/**
 * A maskable icon keeps everything that matters inside the circle of 40% of its size around its
 * centre; the launcher may cut the rest away. The mark is drawn at this scale of its own art.
 */
export const MASKABLE_SAFE_RADIUS = 0.4;
const MASKABLE_SCALE = 0.78;

export interface IconFile {
  file: string;
  size: number;
  purpose: "any" | "maskable";
}

export const ICONS: IconFile[] = [
  { file: "/icons/icon-192.png", size: 192, purpose: "any" },
  { file: "/icons/icon-512.png", size: 512, purpose: "any" },
  { file: "/icons/maskable-192.png", size: 192, purpose: "maskable" },
  { file: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
];

/**
 * The mark redrawn for a maskable icon: its background fills the whole square (no rounded corners
 * for a launcher to show as gaps) and the rest of its art is scaled down into the safe circle.
 * Reads the mark's first <rect> as its background and everything after it as its art.
 */
export function maskableSvg(mark: string): string {
  const viewBox = mark.match(/viewBox="0 0 (\d+) (\d+)"/);
  const background = mark.match(/<rect\b[^>]*\/>/);
  if (!viewBox || !background || background.index === undefined) throw new Error("the mark must have a viewBox from 0 0 and a background <rect/>");
  const [width, height] = [Number(viewBox[1]), Number(viewBox[2])];
  const fill = background[0].match(/\bfill="([^"]+)"/)?.[1] ?? THEME_COLOR;
  const defs = mark.match(/<defs>[\s\S]*?<\/defs>/)?.[0] ?? "";
  const art = mark.slice(background.index + background[0].length, mark.lastIndexOf("</svg>"));
  const [cx, cy] = [width / 2, height / 2];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    defs,
    `<rect width="${width}" height="${height}" fill="${fill}"/>`,
    `<g transform="translate(${cx} ${cy}) scale(${MASKABLE_SCALE}) translate(${-cx} ${-cy})">${art}</g>`,
    "</svg>",
  ].join("\n");
}

/**
 * One square PNG of an SVG, rasterised at its final size, in a palette of at most 256 colours: the
 * mark's flat shapes and soft gradient show no difference, at 40% fewer bytes (192 px: 4.5 instead
 * of 7.5 kB). Browsers that check whether the site can be installed fetch the 192 px icon while the
 * first page is still loading.
 */
export async function renderIcon(svg: string, size: number): Promise<Buffer> {
  const { width } = await sharp(Buffer.from(svg)).metadata();
  return sharp(Buffer.from(svg), { density: (72 * size) / (width ?? size) })
    .resize(size, size)
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toBuffer();
}

export interface ManifestSite {
  name: string;
  shortName: string;
  description: string;
}

/** The manifest's JSON. */
export function manifestJson({ name, shortName, description }: ManifestSite): string {
  return `${JSON.stringify(
    {
      name,
      short_name: shortName,
      description,
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: ICONS.map(({ file, size, purpose }) => ({ src: file, sizes: `${size}x${size}`, type: "image/png", purpose })),
    },
    null,
    2,
  )}\n`;
}

interface ManifestQuery {
  site: { siteMetadata: { title: string; siteName: string; description: string } };
}

/** onPostBuild: writes the manifest, its icons and the Apple touch icon into public/. */
export async function writeManifest({ graphql, reporter, store }: Pick<BuildArgs, "graphql" | "reporter" | "store">): Promise<void> {
  const result = await graphql<ManifestQuery>(`
    query WebAppManifest {
      site { siteMetadata { title siteName description } }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the site for its web app manifest", result.errors);
    return;
  }
  const root = siteDir(store);
  const publicRoot = path.join(root, "public");
  const mark = await readFile(path.join(root, MARK_SVG), "utf8");
  const maskable = maskableSvg(mark);
  await mkdir(path.join(publicRoot, "icons"), { recursive: true });
  for (const { file, size, purpose } of ICONS) {
    await writeFile(path.join(publicRoot, file), await renderIcon(purpose === "maskable" ? maskable : mark, size));
  }
  // iOS rounds the corners itself and shows transparency as black: the full-bleed maskable art.
  await writeFile(path.join(publicRoot, APPLE_TOUCH_ICON), await renderIcon(maskable, 180));
  const { siteName, description } = result.data.site.siteMetadata;
  await writeFile(path.join(publicRoot, MANIFEST_PATH), manifestJson({ name: siteName, shortName: siteName, description }));
  reporter.info(`${MANIFEST_PATH} with ${ICONS.length} icons`);
}
