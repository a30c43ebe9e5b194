import type { GatsbyNode } from "gatsby";
import { takeBuildRequest } from "./build-request";
import { resetCacheOnSourceChange } from "./source-identity";

/**
 * Before anything else: takes the build's request out of the environment (build-request.ts says
 * why it must go before webpack is set up), and empties Gatsby's cache when the content source is
 * not the one the cache was filled from.
 */
export const onPreInit: GatsbyNode["onPreInit"] = (args, pluginOptions) => {
  takeBuildRequest();
  resetCacheOnSourceChange(args, pluginOptions);
};
