import { KNOWN_TOOLS, KNOWN_TUNES } from "@kindred/article";
import { EDITOR_TOOLS, EDITOR_TUNES } from "../../../../support/editor-harness";
import { BLOCK_TOOLS, BLOCK_TUNES, INLINE_TOOLS, editorTools } from "../../../../../editors/src/editor/tools";

describe("the console's Editor.js tools", () => {
  it("are exactly the tools and tunes the site renders, under the site's names", () => {
    // The paragraph is Editor.js's own tool: every other known tool is configured.
    expect(["paragraph", ...Object.keys(BLOCK_TOOLS)].sort()).toEqual([...KNOWN_TOOLS].sort());
    expect(Object.keys(BLOCK_TUNES).sort()).toEqual([...KNOWN_TUNES].sort());
    const { tools, tunes } = editorTools();
    expect(tunes).toEqual(Object.keys(BLOCK_TUNES));
    expect(Object.keys(tools ?? {}).sort()).toEqual(
      [...Object.keys(BLOCK_TOOLS), ...Object.keys(INLINE_TOOLS), ...KNOWN_TUNES].sort(),
    );
  });

  it("uses the names the tests' own editor uses for every tool and tune (editor-harness.ts)", () => {
    const names = (list: readonly { name: string }[]): string[] => list.map(({ name }) => name).sort();
    expect([...Object.keys(BLOCK_TOOLS), ...Object.keys(INLINE_TOOLS)].sort()).toEqual(names(EDITOR_TOOLS));
    expect(Object.keys(BLOCK_TUNES).sort()).toEqual(names(EDITOR_TUNES));
  });

  it("hands Editor.js each tool's class, unwrapped from its bundle", () => {
    for (const [name, settings] of Object.entries(editorTools().tools ?? {})) {
      const tool = (settings as { class: unknown }).class;
      expect([name, typeof tool]).toEqual([name, "function"]);
    }
  });

  it("offers no upload: an image is taken by its address, a file is refused in words", async () => {
    const { uploader } = BLOCK_TOOLS.image.config;
    await expect(uploader.uploadByUrl("https://example.com/a.webp")).resolves.toEqual({
      success: 1,
      file: { url: "https://example.com/a.webp" },
    });
    await expect(uploader.uploadByFile()).rejects.toThrow(/does not upload files/);
  });

  it("shows an embed in the editor as its address, never the service's player: nothing loads from YouTube", () => {
    type EmbedClass = (new (options: unknown) => { render(): HTMLElement }) & { prepare(options: unknown): void };
    const Embed = BLOCK_TOOLS.embed.class as unknown as EmbedClass;
    Embed.prepare({ config: BLOCK_TOOLS.embed.config });
    const source = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";
    const element = new Embed({
      data: { service: "youtube", source, embed: "https://www.youtube.com/embed/aqz-KE-bpKQ", caption: "" },
      api: { i18n: { t: (text: string) => text }, styles: { block: "cdx-block", input: "cdx-input" } },
      readOnly: false,
    }).render();
    expect(element.querySelector("iframe")).toBeNull();
    expect(element.querySelector(".embed-tool__content")).toHaveAttribute(
      "src",
      "https://www.youtube.com/embed/aqz-KE-bpKQ",
    );
  });
});
