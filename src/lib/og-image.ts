// Where the sharing images (og:image) live, and their size. Shared by the page head (Seo) and the
// build step that draws them (src/node/write-og-images.ts), which must agree on every path.

/** Open Graph's recommended size for a large sharing image. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const OG_IMAGE_TYPE = "image/jpeg";

/** The site-wide sharing image, a JPEG rendered from og-image.svg into static/. */
export const SITE_OG_IMAGE = "/og-image.jpg";

/** The sharing image the build writes for one article, from its cover. */
export function articleOgImage(slug: string): string {
  return `/og/blogarticle/${slug}.jpg`;
}

/** Whether an image path is one of the site's own 1200 × 630 JPEG sharing images. */
export function isSiteOgImage(pathOrUrl: string): boolean {
  return pathOrUrl === SITE_OG_IMAGE || /^\/og\/blogarticle\/[a-z0-9-]+\.jpg$/.test(pathOrUrl);
}
