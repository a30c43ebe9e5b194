import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import sharp from "sharp";
import { articleOgImage, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, SITE_OG_IMAGE } from "../lib/og-image";
import { blogPostsNewestFirst, coverOf } from "./blog-post-nodes";
import { publicDir } from "./site-paths";

/** A cover: its file, and the digest of its content (its File node's contentDigest). */
export interface Cover {
  file: string;
  digest: string;
}

/** Where Gatsby's cache keeps, for each drawn sharing image (by path under public/), its cover's digest. */
export const DRAWN_FROM_KEY = "og-images-drawn-from";

/** The page background behind a cover with transparent parts (JPEG has no transparency). */
const BACKGROUND = "#ffffff";

/**
 * Draws one article's sharing image: its cover cropped to 1200 × 630 around the most interesting
 * part, as a progressive JPEG. Skipped when the file exists and was drawn from a cover with the same
 * content (`drawnFrom`, the digest recorded when it was drawn). The content decides, not the file's
 * time: a build that downloads an edited article's cover again writes the same bytes anew.
 */
export async function drawOgImage(cover: Cover, target: string, drawnFrom: string | undefined): Promise<"drawn" | "kept"> {
  const existing = await stat(target).catch(() => null);
  if (existing && existing.size > 0 && drawnFrom === cover.digest) return "kept";
  await mkdir(path.dirname(target), { recursive: true });
  await sharp(cover.file, { failOn: "error" })
    .rotate()
    .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: BACKGROUND })
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toFile(target);
  return "drawn";
}

/** Copies `source` to `target` unless the target is already a copy of it made since it last changed. */
async function copyIfOlder(source: string, target: string): Promise<boolean> {
  const [made, existing] = await Promise.all([stat(source), stat(target).catch(() => null)]);
  if (existing && existing.size === made.size && existing.mtimeMs >= made.mtimeMs) return false;
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(source, target);
  return true;
}

/**
 * onPostBuild: a 1200 × 630 JPEG sharing image for every built article, at the path its page names
 * (src/lib/og-image.ts). Social sites and chat apps do not all read WebP or AVIF, the formats of the
 * page's own cover. An article without a usable cover gets a copy of the site-wide image, so the
 * path its page names always exists.
 */
export async function writeOgImages(args: Pick<BuildArgs, "getNodesByType" | "getNode" | "reporter" | "store" | "cache">): Promise<void> {
  const { reporter, store, cache } = args;
  const posts = blogPostsNewestFirst(args);
  const root = publicDir(store);
  const siteImage = path.join(root, SITE_OG_IMAGE);
  const fallBack = async (slug: string, why: string): Promise<void> => {
    reporter.warn(`/blogarticle/${slug}: no sharing image from its cover (${why}); it uses the site's.`);
    await copyIfOlder(siteImage, path.join(root, articleOgImage(slug)));
  };
  // Articles that share a cover share its picture: it is drawn once, at the first article's path,
  // and copied to the others (a copy costs a millisecond, a draw about a hundred).
  const byCover = new Map<string, { cover: Cover; slugs: string[] }>();
  for (const post of posts) {
    const { slug } = post;
    const featureImage = coverOf(post, args);
    if (!featureImage) await fallBack(slug, "the article has no cover");
    else if (byCover.has(featureImage.absolutePath)) byCover.get(featureImage.absolutePath)!.slugs.push(slug);
    else byCover.set(featureImage.absolutePath, { cover: { file: featureImage.absolutePath, digest: featureImage.internal.contentDigest }, slugs: [slug] });
  }
  const drawnBefore = ((await cache.get(DRAWN_FROM_KEY)) ?? {}) as Record<string, string>;
  const drawnNow: Record<string, string> = {};
  let drawn = 0;
  let copied = 0;
  const groups = [...byCover.values()];
  const worker = async (): Promise<void> => {
    for (let group = groups.shift(); group; group = groups.shift()) {
      const { cover, slugs } = group;
      const [first, ...others] = slugs.sort();
      const image = articleOgImage(first!);
      const master = path.join(root, image);
      try {
        if ((await drawOgImage(cover, master, drawnBefore[image])) === "drawn") drawn += 1;
        drawnNow[image] = cover.digest;
      } catch (error) {
        for (const slug of slugs) await fallBack(slug, (error as Error).message);
        continue;
      }
      for (const slug of others) if (await copyIfOlder(master, path.join(root, articleOgImage(slug)))) copied += 1;
    }
  };
  await Promise.all([worker(), worker()]);
  await cache.set(DRAWN_FROM_KEY, drawnNow);
  reporter.info(`Sharing images: ${drawn} drawn, ${copied} copied from an article with the same cover, ${posts.length} articles in all`);
}
