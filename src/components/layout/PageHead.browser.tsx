import * as React from "react";
import type { HelmetProps } from "react-helmet";
import type { PageHeadProps } from "./PageHead";

// The production browser bundle's PageHead (src/node/browser-stand-ins.ts swaps it in). The first page
// a visitor opens comes with the head the build wrote, and react-helmet has nothing to change there,
// so it is not part of the first load (5 kB gzipped of every page's, docs/first-load.md). It is
// fetched as soon as the visitor shows an intent to open another page (a pointer or the focus on a
// link of the site), or when Gatsby opens one anyway (gatsby-browser.tsx), or at once on a page
// whose head comes from data the browser loads (`live`). From then on every head is react-helmet's,
// as in the HTML renderer.

type HelmetComponent = React.ComponentType<HelmetProps>;

let helmet: HelmetComponent | undefined;
let loading: Promise<HelmetComponent> | undefined;

/** Fetches react-helmet, once; every later call shares the first. */
export function loadPageHead(): Promise<HelmetComponent> {
  loading ??= import(/* webpackChunkName: "react-helmet" */ "react-helmet").then((module) => (helmet = module.Helmet));
  return loading;
}

let firstPageDone = false;

const INTENTS = ["pointerdown", "mouseover", "touchstart", "focusin"] as const;

/** A pointer or the focus came to a link of the site: another page may open. */
function onIntent(event: Event): void {
  const target = event.target as Element | null;
  if (!target?.closest?.('a[href^="/"]')) return;
  for (const type of INTENTS) removeEventListener(type, onIntent, true);
  void loadPageHead();
}

/**
 * React has taken over the first page: a head mounted after this belongs to a page the browser drew,
 * and the first intent to open one fetches react-helmet.
 */
export function firstPageDrawn(): void {
  firstPageDone = true;
  for (const type of INTENTS) addEventListener(type, onIntent, { capture: true, passive: true });
}

/** The head of a page: nothing on the first page (its HTML has it), react-helmet on every page after it. */
export function PageHead({ live = false, ...props }: PageHeadProps): JSX.Element | null {
  // Decided once, when the page mounts: the first page's own head stays the build's for its whole life.
  const [needed] = React.useState(() => live || firstPageDone);
  const [Loaded, setLoaded] = React.useState<HelmetComponent | undefined>(() => helmet);
  React.useEffect(() => {
    if (!needed || Loaded) return undefined;
    let mounted = true;
    void loadPageHead().then((component) => {
      if (mounted) setLoaded(() => component);
    });
    return () => {
      mounted = false;
    };
  }, [needed, Loaded]);
  return needed && Loaded ? <Loaded {...props} /> : null;
}
