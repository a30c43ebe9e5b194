import type { GatsbyNode } from "gatsby";
import { coverImagePolicy, type FirestoreSourceOptions } from "./plugin-options";

/**
 * The rules the build applies to covers and article bodies, as the site's code reads them: the
 * cover image policy (rules/safe-url.ts) and the names given to Editor.js tools
 * (rules/editor-tools.ts). The browser bundles get them written in, so the fallback route and the
 * live list show what a build would; every build process gets them as globals of the same names.
 */
function bodyRules(pluginOptions: unknown): { __COVER_IMAGE_POLICY__: unknown; __EDITOR_TOOL_NAMES__: unknown } {
  const options = pluginOptions as FirestoreSourceOptions;
  return { __COVER_IMAGE_POLICY__: coverImagePolicy(options), __EDITOR_TOOL_NAMES__: options.editorToolNames ?? {} };
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions, plugins }, pluginOptions) => {
  const definitions = Object.entries(bodyRules(pluginOptions)).map(([name, value]) => [name, JSON.stringify(value)]);
  actions.setWebpackConfig({ plugins: [plugins.define(Object.fromEntries(definitions))] });
};

/** Gatsby runs onPluginInit once in every process, its query workers included. */
export const onPluginInit: GatsbyNode["onPluginInit"] = (_args, pluginOptions) => {
  Object.assign(globalThis, bodyRules(pluginOptions));
};
