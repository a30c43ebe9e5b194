/** The page title built from a slug, hyphens replaced by spaces (see docs/requirements.md, Shared elements). */
export function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, " ");
}

/** The path of an article page. */
export function articlePath(slug: string): string {
  return `/blogarticle/${slug}`;
}
