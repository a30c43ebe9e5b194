import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RawDocument } from "./types";
import type { CoverImagePolicy, ImageSource } from "@kindred/article";
import { remoteImageResolver } from "./normalize";

/** Where the sample content's images are served from in the built site. */
export const LOCAL_IMAGES_PUBLIC_PATH = "/blog-images";

/**
 * Reads the sample articles, one `<slug>.json` per article. A file that is not valid JSON becomes a
 * document whose data is null, so it is reported by normalize like any other malformed document.
 */
export function readLocalContent(dir: string): RawDocument[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const fallbackId = name.replace(/\.json$/, "");
      let data: unknown = null;
      try {
        data = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
      } catch {
        data = null;
      }
      const id =
        typeof data === "object" && data !== null && typeof (data as { id?: unknown }).id === "string"
          ? (data as { id: string }).id
          : fallbackId;
      return { id, data };
    });
}

/** A sample article's image: a URL the cover policy allows, or a file under `<dir>/images/`. */
export function resolveLocalImage(dir: string, reference: string, policy: CoverImagePolicy): ImageSource | string {
  if (/^[a-z][a-z0-9+.-]*:|^[\\/]{2}/i.test(reference.trim())) return remoteImageResolver(policy)(reference);
  const imagesDir = path.join(dir, "images");
  const absolute = path.resolve(dir, reference);
  if (!absolute.startsWith(imagesDir + path.sep)) return `must be a file in ${imagesDir} (got ${reference})`;
  if (!existsSync(absolute)) return `file not found: ${absolute}`;
  const relative = path.relative(imagesDir, absolute).split(path.sep).join("/");
  return { kind: "file", path: absolute, publicUrl: `${LOCAL_IMAGES_PUBLIC_PATH}/${relative}` };
}

/** The public URL of an image referenced inside a sample article's body. */
export function localContentImageUrl(dir: string, reference: string, policy: CoverImagePolicy): string {
  const image = resolveLocalImage(dir, reference, policy);
  if (typeof image === "string") return reference;
  return image.kind === "file" ? image.publicUrl : image.url;
}
