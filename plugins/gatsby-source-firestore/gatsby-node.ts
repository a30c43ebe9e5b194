// Wires Gatsby's APIs to one file each, as gatsby-source-contentful does.
export { pluginOptionsSchema } from "./src/plugin-options";
export { sourceNodes } from "./src/source-nodes";
export { createSchemaCustomization } from "./src/create-schema-customization";
export { onPreBootstrap } from "./src/publish-local-images";
export { onCreateWebpackConfig, onPluginInit } from "./src/browser-policy";
export { onPreInit } from "./src/on-pre-init";
