/** @jest-environment node */
import type { CreateWebpackConfigArgs } from "gatsby";
import { minimizersWritingEs2017, OUTPUT_ECMA_VERSION } from "../../../../plugins/gatsby-internals/terser";

class TerserPlugin {}
class CssMinimizerPlugin {}
const plugins = {
  minifyJs: (options: Record<string, unknown>) => ({ minifyJs: options }),
} as unknown as Pick<CreateWebpackConfigArgs["plugins"], "minifyJs">;

describe("minimizersWritingEs2017", () => {
  it("makes Gatsby's Terser again to read and write ES2017, with two compress passes", () => {
    expect(OUTPUT_ECMA_VERSION).toBe(2017);
    expect(minimizersWritingEs2017([new TerserPlugin()], plugins)).toEqual([
      {
        minifyJs: {
          terserOptions: {
            ecma: 2017,
            parse: { ecma: 2017 },
            compress: { ecma: 2017, passes: 2 },
            output: { ecma: 2017 },
          },
        },
      },
    ]);
  });

  it("keeps every other minimizer, the very same object, in its place", () => {
    const css = new CssMinimizerPlugin();
    const result = minimizersWritingEs2017([css, new TerserPlugin(), "..."], plugins);
    expect(result[0]).toBe(css);
    expect(result[1]).toHaveProperty("minifyJs");
    expect(result[2]).toBe("...");
    expect(minimizersWritingEs2017([], plugins)).toEqual([]);
  });
});
