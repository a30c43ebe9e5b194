import { navigate } from "gatsby";
import { isPlainClick } from "../../lib/plain-click";

/**
 * The page of this site a link's href names, or null: only a site path ("/blog?x#y", which the
 * sanitizer writes for every link to this site) counts, and not one whose last segment names a
 * file (/rss.xml, an image), which the browser must fetch itself rather than the router show.
 */
export function sitePagePath(href: string | null): string | null {
  if (!href || !href.startsWith("/") || href.startsWith("//") || href.startsWith("/\\")) return null;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1).includes(".") ? null : href;
}

/**
 * Makes the links to this site's pages inside `container` open through Gatsby's router, without a
 * reload. A click the browser should handle is left to it: with a modifier key or another button
 * (new tab or window), on a link with a target or a download, or already handled. Returns the
 * function that stops it.
 */
export function followSiteLinks(container: HTMLElement): () => void {
  const onClick = (event: MouseEvent): void => {
    if (!isPlainClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || !container.contains(link)) return;
    if ((link.target !== "" && link.target !== "_self") || link.hasAttribute("download")) return;
    const path = sitePagePath(link.getAttribute("href"));
    if (!path) return;
    event.preventDefault();
    void navigate(path);
  };
  container.addEventListener("click", onClick);
  return () => container.removeEventListener("click", onClick);
}
