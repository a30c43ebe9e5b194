import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import sharp from "sharp";
import { APPLE_TOUCH_ICON, MANIFEST_PATH, THEME_COLOR } from "../lib/site-files";
import { siteDir, writeIfChanged } from "./output-files";

// The web app manifest (/manifest.webmanifest) and its icons, drawn at build time from the brand
// mark in src/images/illustrations/favicon.svg. Nothing is fetched: sharp renders the SVG here.
// Each icon's name carries the icons' version, a digest of what they are drawn from, so hosting can
// let browsers keep them for a year without asking again (firebase.json); the head learns the Apple
// touch icon's name from iconsVersion, before the icons are drawn.

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
  if (!viewBox || !background || background.index === undefined)
    throw new Error("the mark must have a viewBox from 0 0 and a background <rect/>");
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
 * mark's flat shapes and soft gradient show no difference, in far fewer bytes (docs/measurements.md).
 * Browsers that check whether the site can be installed fetch the 192 px icon while the
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
export function manifestJson({ name, shortName, description }: ManifestSite, version: string): string {
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
      icons: ICONS.map(({ file, size, purpose }) => ({
        src: versionedIcon(file, version),
        sizes: `${size}x${size}`,
        type: "image/png",
        purpose,
      })),
    },
    null,
    2,
  )}\n`;
}

/** Where the last build's icons are recorded in the site's Gatsby cache: what they were drawn from, and each file's size. */
export const ICONS_RECORD_KEY = "manifest-icons";

interface IconsRecord {
  digest: string;
  sizes: Record<string, number>;
}

/** Every icon file: those the manifest lists, and the Apple touch icon (the maskable art at 180 px). */
const ICON_FILES: { file: string; size: number; maskable: boolean }[] = [
  ...ICONS.map(({ file, size, purpose }) => ({ file, size, maskable: purpose === "maskable" })),
  // iOS rounds the corners itself and shows transparency as black: the full-bleed maskable art.
  { file: APPLE_TOUCH_ICON, size: 180, maskable: true },
];

/** What the icons are made of: the mark, the files and sizes, and the sharp and drawing code that render them. */
function iconsDigest(mark: string): string {
  const drawing = `${renderIcon.toString()}\n${maskableSvg.toString()}\n${MASKABLE_SCALE}\n${sharp.versions.vips}`;
  return createHash("sha256")
    .update(JSON.stringify([mark, ICON_FILES, drawing]))
    .digest("hex");
}

/** The icons' version: 20 hexadecimal digits of their digest, which changes whenever a file would. */
export const iconsVersionOf = (mark: string): string => iconsDigest(mark).slice(0, 20);

/** The icons' version for the site in `root`. */
export async function iconsVersion(root: string): Promise<string> {
  return iconsVersionOf(await readFile(path.join(root, MARK_SVG), "utf8"));
}

/** An icon's published name: "/icons/icon-192.png" becomes "/icons/icon-192-<version>.png". */
export const versionedIcon = (file: string, version: string): string => file.replace(/\.png$/, `-${version}.png`);

const sizeOf = (file: string): Promise<number | undefined> =>
  stat(file).then(
    (info) => info.size,
    () => undefined,
  );

/**
 * onPostBuild: writes the manifest, its icons and the Apple touch icon into public/. Drawing the
 * icons takes about a quarter of a second and they change only with the mark, so a build draws only
 * those missing from public/ or made from anything else than the last build's; the others, like an
 * unchanged manifest, keep their bytes and modification times.
 */
export async function writeManifest({
  graphql,
  reporter,
  store,
  cache,
}: Pick<BuildArgs, "graphql" | "reporter" | "store"> & { cache: Pick<GatsbyCache, "get" | "set"> }): Promise<void> {
  const result = await graphql<Queries.WebAppManifestQuery>(`
    query WebAppManifest {
      site {
        siteMetadata {
          title
          siteName
          description
        }
      }
    }
  `);
  const siteMetadata = result.data?.site?.siteMetadata;
  if (result.errors || !siteMetadata) {
    reporter.panicOnBuild("Could not query the site for its web app manifest", result.errors);
    return;
  }
  const root = siteDir(store);
  const publicRoot = path.join(root, "public");
  const mark = await readFile(path.join(root, MARK_SVG), "utf8");
  const maskable = maskableSvg(mark);
  const digest = iconsDigest(mark);
  const version = iconsVersionOf(mark);
  const previous = (await cache.get(ICONS_RECORD_KEY)) as IconsRecord | undefined;
  const record: IconsRecord = { digest, sizes: {} };
  let drawn = 0;
  await mkdir(path.join(publicRoot, "icons"), { recursive: true });
  const published = new Set(ICON_FILES.map(({ file }) => path.basename(versionedIcon(file, version))));
  // Icons of another version are no page's any more.
  for (const name of await readdir(path.join(publicRoot, "icons")))
    if (!published.has(name)) await rm(path.join(publicRoot, "icons", name), { force: true });
  for (const { file: base, size, maskable: fullBleed } of ICON_FILES) {
    const file = versionedIcon(base, version);
    const target = path.join(publicRoot, file);
    const present = await sizeOf(target);
    if (previous?.digest === digest && present !== undefined && previous.sizes[file] === present) {
      record.sizes[file] = present;
      continue;
    }
    const png = await renderIcon(fullBleed ? maskable : mark, size);
    await writeFile(target, png);
    record.sizes[file] = png.length;
    drawn += 1;
  }
  await cache.set(ICONS_RECORD_KEY, record);
  const { siteName, description } = siteMetadata;
  await writeIfChanged(
    path.join(publicRoot, MANIFEST_PATH),
    manifestJson({ name: siteName, shortName: siteName, description }, version),
  );
  reporter.info(
    `${MANIFEST_PATH} with ${ICONS.length} icons (${drawn} icons drawn, ${ICON_FILES.length - drawn} icons kept)`,
  );
}
