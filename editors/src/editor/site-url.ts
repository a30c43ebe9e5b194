import { articlePath } from "@kindred/article";

// Where a published article appears: the site's origin (VITE_SITE_URL when the console was built with
// it, as SITE_URL is for the site; https://kindred.app, the site's own default, otherwise) and the
// article's path.

const DEFAULT_SITE_URL = "https://kindred.app";

/** The public site's origin, without a trailing slash. */
export function siteUrl(env: Record<string, unknown> = import.meta.env as unknown as Record<string, unknown>): string {
  const configured = env.VITE_SITE_URL;
  return (typeof configured === "string" && configured.trim() ? configured.trim() : DEFAULT_SITE_URL).replace(
    /\/+$/,
    "",
  );
}

/** The live page of the article with `slug`. */
export const liveUrl = (slug: string, origin = siteUrl()): string => `${origin}${articlePath(slug)}`;
