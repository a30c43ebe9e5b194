import * as React from "react";
import type { SeoProps } from "./Seo";
import { pageTitle } from "./page-title";

// Stands in for Seo.tsx in the production browser bundle (src/node/browser-stand-ins.ts). The head a
// crawler or a sharing preview reads is the server's HTML, written by Seo.tsx with react-helmet; in
// the browser only the title the visitor sees (in the tab, the history, read out on a route change)
// must follow a navigation. react-helmet and its head manager were 5.2 kB of every page's first
// load, compressed.

/** gatsby-config.ts's siteMetadata, written into the bundle key by key (src/node/webpack.ts). */
declare const __SITE_METADATA__: { siteName: string };

export function Seo({ title }: SeoProps): null {
  React.useEffect(() => {
    document.title = pageTitle(title, __SITE_METADATA__.siteName);
  }, [title]);
  return null;
}
