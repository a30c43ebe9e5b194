/** @jest-environment node */
import path from "node:path";
import * as gatsbyNode from "../../../../plugins/gatsby-source-firestore/gatsby-node";
import { onCreateWebpackConfig, onPluginInit } from "../../../../plugins/gatsby-source-firestore/src/browser-policy";
import { createSchemaCustomization } from "../../../../plugins/gatsby-source-firestore/src/create-schema-customization";
import { onPreInit } from "../../../../plugins/gatsby-source-firestore/src/on-pre-init";
import { pluginOptionsSchema } from "../../../../plugins/gatsby-source-firestore/src/plugin-options";
import { onPreBootstrap } from "../../../../plugins/gatsby-source-firestore/src/publish-local-images";
import { sourceNodes } from "../../../../plugins/gatsby-source-firestore/src/source-nodes";

// Gatsby finds a plugin's Node APIs by the names gatsby-node exports: a name it does not know, or an
// API exported under another's name, is silently never called.
const GATSBY_NODE_APIS = Object.keys(
  jest.requireActual<Record<string, unknown>>(
    path.join(path.dirname(require.resolve("gatsby/package.json")), "dist", "utils", "api-node-docs.js"),
  ),
).filter((name) => name !== "__esModule");

/** The module's exports, without the marker its compilation to CommonJS adds. */
const EXPORTS = Object.fromEntries(Object.entries(gatsbyNode).filter(([name]) => name !== "__esModule"));

describe("the source plugin's gatsby-node", () => {
  it("wires each Gatsby API it implements to the one file that implements it", () => {
    expect(EXPORTS).toEqual({
      pluginOptionsSchema,
      sourceNodes,
      createSchemaCustomization,
      onPreBootstrap,
      onCreateWebpackConfig,
      onPluginInit,
      onPreInit,
    });
  });

  it("exports Gatsby Node APIs only, each a function", () => {
    expect(GATSBY_NODE_APIS).toContain("sourceNodes");
    for (const [name, api] of Object.entries(EXPORTS)) {
      expect(GATSBY_NODE_APIS).toContain(name);
      expect(typeof api).toBe("function");
    }
  });
});
