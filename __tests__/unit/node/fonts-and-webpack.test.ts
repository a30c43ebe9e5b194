/** @jest-environment node */
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreateWebpackConfigArgs, Store } from "gatsby";
import { FONT_FILES, publishFonts } from "../../../src/node/fonts";
import { allowSlowChunks } from "../../../src/node/webpack";

describe("publishFonts", () => {
  it("copies the installed font files to public/fonts/ under their own names", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "fonts-"));
    await mkdir(path.join(site, FONT_FILES), { recursive: true });
    await writeFile(path.join(site, FONT_FILES, "outfit-latin-wght-normal.woff2"), "font bytes");
    await publishFonts({ store: { getState: () => ({ program: { directory: site } }) } as unknown as Store });
    expect(await readFile(path.join(site, "public", "fonts", "outfit-latin-wght-normal.woff2"), "utf8")).toBe("font bytes");
  });

  it("reads them from the installed @fontsource-variable/outfit package", async () => {
    const installed = path.resolve(__dirname, "../../..", FONT_FILES);
    await expect(readFile(path.join(installed, "outfit-latin-wght-normal.woff2"))).resolves.toBeInstanceOf(Buffer);
  });
});

describe("allowSlowChunks", () => {
  it("gives webpack 120 s to load a chunk", () => {
    const setWebpackConfig = jest.fn();
    allowSlowChunks({ actions: { setWebpackConfig } as unknown as CreateWebpackConfigArgs["actions"] });
    expect(setWebpackConfig).toHaveBeenCalledWith({ output: { chunkLoadTimeout: 120_000 } });
  });
});
