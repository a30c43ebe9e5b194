import * as React from "react";
import type { SeoProps } from "./Seo";
import { absoluteUrl, pageTitle } from "./page-title";

// Stands in for Seo.tsx in the production browser bundle (src/node/browser-stand-ins.ts). The head a
// crawler or a sharing preview reads is the server's HTML, written by Seo.tsx with react-helmet. In
// the browser, what changes with the route is kept in step: the title the visitor sees (in the tab,
// the history, read out on a route change), and what a crawler that runs the page reads where the
// server's HTML was another page's (Home's, for an unknown address): the canonical link and
// `noindex`. react-helmet and its head manager were 5.2 kB of every page's first load, compressed.

/** gatsby-config.ts's siteMetadata, written into the bundle key by key (src/node/webpack.ts). */
declare const __SITE_METADATA__: { siteName: string; siteUrl: string };

/** The head's element that `selector` finds, made with `attributes` if there is none. */
function headElement(selector: string, tag: string, attributes: Record<string, string>): Element {
  const found = document.head.querySelector(selector);
  if (found) return found;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.head.append(element);
  return element;
}

export function Seo({ title, path, noindex = false }: SeoProps): null {
  React.useEffect(() => {
    document.title = pageTitle(title, __SITE_METADATA__.siteName);
  }, [title]);
  React.useEffect(() => {
    headElement('link[rel="canonical"]', "link", { rel: "canonical" }).setAttribute(
      "href",
      absoluteUrl(__SITE_METADATA__.siteUrl, path),
    );
    if (noindex) headElement('meta[name="robots"]', "meta", { name: "robots", content: "noindex" });
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [path, noindex]);
  return null;
}
