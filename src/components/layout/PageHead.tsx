// The production browser bundle runs PageHead.browser.tsx, beside this file, in its place:
// src/node/browser-stand-ins.ts swaps every X.browser.tsx under src/ in for its X.tsx
// (docs/codebase-map.md, "What the browser runs").

import * as React from "react";
import { Helmet, type HelmetProps } from "react-helmet";

/** What Seo.tsx hands the head: react-helmet's props, and whether the head depends on what the browser loads. */
export type PageHeadProps = HelmetProps & {
  /**
   * The head is drawn from data the browser fetches (the fallback route for newer articles, the
   * editors' preview), so the browser must write it on the first page too.
   */
  live?: boolean;
};

/**
 * The page's head, through react-helmet, which stays by the owner's decision (the design card names
 * it). This is what the HTML renderer and `gatsby develop` use. The production browser bundle gets
 * PageHead.browser.tsx instead, which renders this same react-helmet but fetches it only when a head
 * must change (docs/first-load.md).
 */
export function PageHead({ live: _live, ...props }: PageHeadProps): JSX.Element {
  return <Helmet {...props} />;
}

/** Nothing to fetch where react-helmet is part of the bundle. */
export const loadPageHead = (): Promise<void> => Promise.resolve();

/** Nothing to note where react-helmet is part of the bundle. */
export const firstPageDrawn = (): void => undefined;
