import type { GatsbyNode } from "gatsby";
import { coverImagePolicy, type FirestoreSourceOptions } from "./plugin-options";

/**
 * Hands the cover image policy the build applies to the site's browser code (plugins/gatsby-source-firestore/rules/safe-url.ts
 * reads it), so the fallback route and the live list show a cover only where a build would.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions, plugins }, pluginOptions) => {
  const policy = coverImagePolicy(pluginOptions as FirestoreSourceOptions);
  actions.setWebpackConfig({ plugins: [plugins.define({ __COVER_IMAGE_POLICY__: JSON.stringify(policy) })] });
};
