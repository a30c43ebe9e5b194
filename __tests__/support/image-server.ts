import path from "node:path";
import sharp from "sharp";
import { startImageServer as serveImages, type ImageServer } from "../../scripts/lib/image-server.ts";

// The stand-in for the storage bucket that serves the articles' images in tests: every test that
// needs images over HTTP starts one of these rather than its own server.
export type { ImageServer } from "../../scripts/lib/image-server.ts";

/** The sample articles' cover images, served by name with `startImageServer({ dir: SAMPLE_IMAGES_DIR })`. */
export const SAMPLE_IMAGES_DIR = path.resolve(__dirname, "../../content/blog/images");

/**
 * A local image server on a free port. Without a `dir`, it serves one generated 800x450 cover at
 * /cover.webp; with one, that folder's files by name. `redirects` answers paths with a 302 to
 * another address. Anything else is a 404, and every requested path is kept in `requests`.
 */
export async function startImageServer(
  options: { dir?: string; redirects?: Record<string, string> } = {},
): Promise<ImageServer> {
  if (options.dir) return serveImages({ dir: options.dir, redirects: options.redirects });
  const cover = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#b3124f" } })
    .webp()
    .toBuffer();
  return serveImages({ images: { "cover.webp": cover }, redirects: options.redirects });
}
