/** @jest-environment node */
import { createRequire } from "node:module";
import { extractingCssInProcess } from "../../../../plugins/gatsby-internals/css-extract";

/** The CSS extractor Gatsby's configuration uses, from Gatsby's own dependencies. */
const MiniCssExtractPlugin = createRequire(require.resolve("gatsby"))("mini-css-extract-plugin") as new (
  options: Record<string, unknown>,
) => { options: Record<string, unknown> };

describe("extractingCssInProcess", () => {
  it("makes Gatsby's extractor again with the same options, evaluating CSS modules in the main compilation", () => {
    const gatsbys = new MiniCssExtractPlugin({ filename: "[name].[contenthash].css", ignoreOrder: true });
    const remade = extractingCssInProcess(gatsbys) as InstanceType<typeof MiniCssExtractPlugin>;
    expect(remade).toBeInstanceOf(MiniCssExtractPlugin);
    expect(remade).not.toBe(gatsbys);
    expect(remade.options).toMatchObject({
      filename: "[name].[contenthash].css",
      ignoreOrder: true,
      experimentalUseImportModule: true,
    });
    // Gatsby's own instance is left as it was.
    expect(gatsbys.options).not.toHaveProperty("experimentalUseImportModule", true);
  });

  it.each([
    ["another plugin", new (class DefinePlugin {})()],
    ["a plugin named like the extractor but without its options", new (class MiniCssExtractPlugin {})()],
    ["something that is not a plugin", null],
    ["a string", "MiniCssExtractPlugin"],
  ])("hands back %s as it is", (_case, plugin) => {
    expect(extractingCssInProcess(plugin)).toBe(plugin);
  });
});
