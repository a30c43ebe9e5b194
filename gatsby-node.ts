import type { GatsbyNode } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "./src/lib/constants";

/** Home also answers every path that is not a page of its own ("Any unknown path shows the Home page"). */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (page.path === "/" && page.matchPath !== "/*") {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: "/*" });
  }
};

/** Slow mobile networks get 120 s to load a code-split chunk before webpack gives up. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions }) => {
  actions.setWebpackConfig({ output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } });
};
