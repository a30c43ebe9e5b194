import { copyFile, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import sharp from "sharp";
import { articleOgImage, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, SITE_OG_IMAGE } from "../lib/og-image";
import { publicDir } from "./site-paths";

interface OgImagesQuery {
  allBlogPost: { nodes: { slug: string; featureImage: { absolutePath: string } | null }[] };
}

/** The page background behind a cover with transparent parts (JPEG has no transparency). */
const BACKGROUND = "#ffffff";

/**
 * Draws one article's sharing image: its cover cropped to 1200 × 630 around the most interesting
 * part, as a progressive JPEG. Skipped when the file is already newer than the cover.
 */
export async function drawOgImage(cover: string, target: string): Promise<"drawn" | "kept"> {
  const [source, existing] = await Promise.all([stat(cover), stat(target).catch(() => null)]);
  if (existing && existing.mtimeMs >= source.mtimeMs && existing.size > 0) return "kept";
  await mkdir(path.dirname(target), { recursive: true });
  await sharp(cover, { failOn: "error" })
    .rotate()
    .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    .flatten({ background: BACKGROUND })
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toFile(target);
  return "drawn";
}

/**
 * onPostBuild: a 1200 × 630 JPEG sharing image for every built article, at the path its page names
 * (src/lib/og-image.ts). Social sites and chat apps do not all read WebP or AVIF, the formats of the
 * page's own cover. An article without a usable cover gets a copy of the site-wide image, so the
 * path its page names always exists.
 */
export async function writeOgImages({ graphql, reporter, store }: Pick<BuildArgs, "graphql" | "reporter" | "store">): Promise<void> {
  const result = await graphql<OgImagesQuery>(`
    query OgImages {
      allBlogPost {
        nodes {
          slug
          featureImage {
            absolutePath
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the articles for their sharing images", result.errors);
    return;
  }
  const root = publicDir(store);
  const siteImage = path.join(root, SITE_OG_IMAGE);
  let drawn = 0;
  for (const { slug, featureImage } of result.data.allBlogPost.nodes) {
    const target = path.join(root, articleOgImage(slug));
    try {
      if (!featureImage) throw new Error("the article has no cover");
      if ((await drawOgImage(featureImage.absolutePath, target)) === "drawn") drawn += 1;
    } catch (error) {
      reporter.warn(`/blogarticle/${slug}: no sharing image from its cover (${(error as Error).message}); it uses the site's.`);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(siteImage, target);
    }
  }
  reporter.info(`Sharing images: ${drawn} drawn, ${result.data.allBlogPost.nodes.length} articles in all`);
}
