/** A page's title as the tab shows it: "<page> | <site>", or the site's name alone on Home. */
export function pageTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}
