/** The page title the specification builds from a slug: hyphens replaced by spaces. */
export function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, " ");
}

/** The path of an article page. */
export function articlePath(slug: string): string {
  return `/blogarticle/${slug}`;
}
