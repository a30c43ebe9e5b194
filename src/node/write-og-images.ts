import { existsSync } from "node:fs";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import { articleOgImage, SITE_OG_IMAGE } from "../lib/og-image";
import { blogPostsNewestFirst } from "./read-blog-posts";
import { sharingImageOf, storeOf, type CoverOwner } from "./covers";
import { publishReplacing } from "./image-store/publish.ts";
import { publicDir } from "./output-files";

/**
 * onPostBuild: a 1200 × 630 JPEG sharing image for every built article, at the path its page names
 * (src/lib/og-image.ts). Social sites and chat apps do not all read WebP or AVIF, the formats of the
 * page's own cover. The image is drawn into the image store with the cover (prepareCovers, keyed
 * by the cover's bytes and the drawing recipe) and linked here, so articles sharing a cover share
 * one file and a build draws nothing. An article without a usable cover gets the site-wide image,
 * so the path its page names always exists. A path already holding its file is left alone.
 */
export async function writeOgImages(args: Pick<BuildArgs, "getNodesByType" | "reporter" | "store">): Promise<void> {
  const { reporter } = args;
  const posts = blogPostsNewestFirst(args);
  const root = publicDir(args.store);
  const store = storeOf(args.store);
  let linked = 0;
  let fallbacks = 0;
  for (const post of posts) {
    const target = path.join(root, articleOgImage(post.slug));
    const source = sharingImageSource(store, root, post as unknown as CoverOwner);
    if (source.fromCover) {
      if (await publishReplacing(source.file, target)) linked += 1;
      continue;
    }
    fallbacks += 1;
    reporter.warn(
      `/blogarticle/${post.slug}: no sharing image from its cover (${post.featureImageUrl ? "the cover could not be had" : "the article has no cover"}); it uses the site's.`,
    );
    await publishReplacing(source.file, target);
  }
  reporter.info(
    `Sharing images: ${linked} linked from the image store, ${fallbacks} with the site's image, ${posts.length} articles in all`,
  );
}

/**
 * The file an article's sharing image is published from: the one the image store drew from its
 * cover, or the site's own (under `publicRoot`) when the store has none.
 */
export function sharingImageSource(
  store: string,
  publicRoot: string,
  post: CoverOwner,
): { file: string; fromCover: boolean } {
  const stored = sharingImageOf(store, post);
  return stored && existsSync(stored)
    ? { file: stored, fromCover: true }
    : { file: path.join(publicRoot, SITE_OG_IMAGE), fromCover: false };
}
