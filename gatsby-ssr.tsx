import type { GatsbySSR } from "gatsby";
import * as React from "react";

/** The latin subset of the site's font, fetched with the HTML so text never reflows when it arrives. */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  setHeadComponents([
    <link key="font-preload" rel="preload" href="/fonts/outfit-latin-wght-normal.woff2" as="font" type="font/woff2" crossOrigin="anonymous" />,
  ]);
};
