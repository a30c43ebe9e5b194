import type { GatsbySSR } from "gatsby";
import * as React from "react";
import { APPLE_TOUCH_ICON } from "./src/lib/site-files";

/**
 * The metric-matched fallback faces ("Outfit Fallback": local Arial, Helvetica or Liberation Sans
 * resized to Outfit's widths and line metrics), computed from the font file at build time by
 * src/node/webpack.ts and defined for the HTML renderer only.
 */
declare const __FONT_FALLBACK_FACES__: string | undefined;

/**
 * The icons every page links, from src/node/site-icons.ts in a production build: the favicon inline
 * (an SVG data URL, nothing to fetch while the page paints) and the Apple touch icon's versioned
 * name. `gatsby develop` links the plain files.
 */
declare const __SITE_ICONS__: { favicon: string; appleTouchIcon: string } | undefined;
const ICONS =
  typeof __SITE_ICONS__ === "object" ? __SITE_ICONS__ : { favicon: "/favicon.png", appleTouchIcon: APPLE_TOUCH_ICON };

/** The fallback @font-face rules, or none when the renderer was built without them (unit tests). */
function fontFallbackFaces(): string {
  return typeof __FONT_FALLBACK_FACES__ === "string" ? __FONT_FALLBACK_FACES__ : "";
}

/**
 * Every page's head: the language; the icons, which are the same on every page and so stay out of
 * react-helmet and the browser bundle (the web app manifest is linked by the page's boot script once
 * the page has painted, src/node/html/boot-script.ts); and the fallback faces inline, so the first
 * paint already sets text in the room Outfit will take and the swap to Outfit moves nothing. The
 * page's boot script switches to Outfit once the page has loaded; without JavaScript, the <noscript>
 * style does at once.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  const faces = fontFallbackFaces();
  setHeadComponents([
    <link
      key="icon"
      rel="icon"
      href={ICONS.favicon}
      type={ICONS.favicon.endsWith(".png") ? "image/png" : "image/svg+xml"}
    />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href={ICONS.appleTouchIcon} />,
    ...(faces ? [<style key="font-fallback" data-font-fallback="" dangerouslySetInnerHTML={{ __html: faces }} />] : []),
    <noscript
      key="webfont-without-js"
      dangerouslySetInnerHTML={{ __html: "<style>:root{--font-body:var(--font-web)}</style>" }}
    />,
  ]);
};
