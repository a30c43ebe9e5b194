import { escapeHtml, articlePath } from "@kindred/article";

/** One URL of the sitemap. */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** sitemap.xml for the given pages, with absolute URLs on `siteUrl` and dates as YYYY-MM-DD. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => {
      const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.slice(0, 10)}</lastmod>` : "";
      return `<url><loc>${escapeHtml(`${siteUrl}${entry.path}`)}</loc>${lastmod}</url>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** robots.txt that allows everything and points at the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /404\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** What the sitemap needs to know of an article: its page and when it last changed. */
export interface SitemapArticle {
  slug: string;
  lastUpdate: string;
  updatedOn: string | null;
}

/**
 * The sitemap's pages, sorted by path: every built page except 404 pages, client-only routes and the
 * editors' preview.
 * An article carries its own date; the blog list pages carry the newest article's.
 */
export function sitemapEntries(pagePaths: string[], articles: SitemapArticle[]): SitemapEntry[] {
  const changed = new Map(articles.map((post) => [articlePath(post.slug), post.updatedOn ?? post.lastUpdate]));
  const newest = articles
    .map((post) => post.updatedOn ?? post.lastUpdate)
    .sort()
    .at(-1);
  return pagePaths
    .filter((pagePath) => !/^\/(404|dev-404-page)|^\/preview\/?$|\[/.test(pagePath))
    .sort()
    .map((pagePath) => ({
      path: pagePath,
      lastmod: changed.get(pagePath) ?? (pagePath.startsWith("/blog") ? newest : undefined),
    }));
}
