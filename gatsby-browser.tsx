import type { GatsbyBrowser } from "gatsby";
import { startTransition, type ReactElement } from "react";
import type { Renderer } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import "./src/styles/global.css";
import { firstPageDrawn, loadPageHead } from "./src/components/layout/PageHead";
import { loadHashScroll } from "./src/lib/load-hash-scroll";

/** Hash links ("/#aboutUs" from /terms, or a page opened with a hash) scroll smoothly once the target exists. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  if (location.hash) void loadHashScroll().then(({ scrollToHash }) => scrollToHash(location.hash));
};

/** Gatsby would jump to the hash itself; leave that to the smooth scroll above. */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => !routerProps.location.hash;

/**
 * Marks the document once React has taken over, for the end-to-end tests and for debugging; from now
 * on a page's head is written in the browser (src/components/layout/PageHead.browser.tsx).
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true";
  firstPageDrawn();
};

/** Another page is opening (not the first, whose head the build wrote): its head needs react-helmet. */
export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ prevLocation }) => {
  if (prevLocation) void loadPageHead();
};

/**
 * Hydrates the server-rendered page as a transition, which React renders in slices of a few
 * milliseconds, yielding to the browser between them, instead of in one task as long as the whole
 * page takes. A tap during hydration is still answered first: React hydrates the part that was tapped
 * at once. Gatsby's type for this hook is React 17's `render`; Gatsby calls the function with the
 * element and the container and ignores what it returns.
 */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => {
  const hydrate = (element: ReactElement, container: Element): void => {
    startTransition(() => {
      hydrateRoot(container, element);
    });
  };
  return hydrate as unknown as Renderer;
};
