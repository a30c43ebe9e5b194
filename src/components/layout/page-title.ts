/** A page's title as the tab shows it: "<page> | <site>", or the site's name alone on Home. */
export function pageTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

/** An absolute URL of the site for a path (or an absolute URL, as it is). */
export const absoluteUrl = (siteUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
