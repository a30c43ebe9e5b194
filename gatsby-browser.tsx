import type { GatsbyBrowser } from "gatsby";
import "./src/styles/global.css";
import { scrollToHash } from "./src/lib/hash-scroll";

/** Hash links ("/#aboutUs" from /terms, or a page opened with a hash) scroll smoothly once the target exists. */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => {
  if (location.hash) void scrollToHash(location.hash);
};

/** Gatsby would jump to the hash itself; leave that to the smooth scroll above. */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) =>
  !routerProps.location.hash;

/** Marks the document once React has taken over, for the end-to-end tests and for debugging. */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  document.documentElement.dataset.hydrated = "true";
};
