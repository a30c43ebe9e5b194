/** The page title built from a slug, hyphens replaced by spaces (see docs/requirements.md, Shared elements). */
export function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, " ");
}

/** The path of an article page. */
export function articlePath(slug: string): string {
  return `/blogarticle/${slug}`;
}

/** Where article paths begin; the fallback page answers every path below it that was not built. */
const ARTICLE_PREFIX = articlePath("");

/**
 * An address as the site's pages see it: percent-decoded, without trailing slashes ("/" stays
 * as it is, "//" becomes ""). Null when it does not decode (a stray "%").
 */
export function decodedAddress(pathname: string): string | null {
  let address: string;
  try {
    address = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return address.length > 1 ? address.replace(/\/+$/, "") : address;
}

/**
 * The slug of an address the article fallback page answers: what follows /blogarticle/, decoded,
 * without trailing slashes; "" for any other address, and for the fallback page's own address
 * (/blogarticle/[...slug]), where the build renders it with no article.
 */
export function slugFromArticleAddress(pathname: string): string {
  if (!pathname.startsWith(ARTICLE_PREFIX)) return "";
  const address = decodedAddress(pathname);
  if (address === null || !address.startsWith(ARTICLE_PREFIX)) return "";
  const slug = address.slice(ARTICLE_PREFIX.length);
  return slug === "[...slug]" ? "" : slug;
}
