import type { GatsbySSR } from "gatsby";
import * as React from "react";

/**
 * The metric-matched fallback faces ("Outfit Fallback": local Arial, Helvetica or Liberation Sans
 * resized to Outfit's widths and line metrics), computed from the font file at build time by
 * src/node/webpack.ts and defined for the HTML renderer only.
 */
declare const __FONT_FALLBACK_FACES__: string | undefined;

/** The fallback @font-face rules, or none when the renderer was built without them (unit tests). */
function fontFallbackFaces(): string {
  return typeof __FONT_FALLBACK_FACES__ === "string" ? __FONT_FALLBACK_FACES__ : "";
}

/**
 * Every page's head: the language, and the fallback faces inline, so the first paint already sets
 * text in the room Outfit will take and the swap to Outfit moves nothing. The page's boot script
 * switches to Outfit once the page has loaded (src/node/html/boot-script.ts); without JavaScript, the
 * <noscript> style does at once.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" });
  const faces = fontFallbackFaces();
  setHeadComponents([
    ...(faces ? [<style key="font-fallback" data-font-fallback="" dangerouslySetInnerHTML={{ __html: faces }} />] : []),
    <noscript
      key="webfont-without-js"
      dangerouslySetInnerHTML={{ __html: "<style>:root{--font-body:var(--font-web)}</style>" }}
    />,
  ]);
};
