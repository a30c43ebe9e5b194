import { readableSize } from "../../../../../packages/article/src/card-blocks";
import { configuredToolNames, knownTool, knownTune } from "../../../../../packages/article/src/editor-tools";

describe("readableSize", () => {
  it.each([
    [0, "0 B"],
    [91, "91 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [189952, "185.5 KiB"],
    [1048575, "1.0 MiB"],
    [5 * 1024 ** 3, "5.0 GiB"],
    ["2048", "2.0 KiB"],
  ])("writes %p bytes as %p, in binary units with one decimal", (bytes, shown) => {
    expect(readableSize(bytes)).toBe(shown);
  });

  it.each([[-1], [Number.NaN], [Infinity], ["big"], [""], [null], [{}]])("is empty for %p", (bytes) => {
    expect(readableSize(bytes)).toBe("");
  });
});

describe("tool and tune names", () => {
  it("are the names the tools' READMEs use", () => {
    for (const name of ["warning", "attaches", "linkTool", "raw", "personality", "paragraph"])
      expect(knownTool(name, {})).toBe(name);
    expect(knownTune("textVariant", {})).toBe("textVariant");
    for (const name of ["alignment", "alignmentTune", "alignmentBlockTune", "anyTuneName"])
      expect(knownTune(name, {})).toBe("alignment");
  });

  it("may be mapped by the site, to a known tool or tune only", () => {
    const names = { link: "linkTool", callout: "warning", look: "textVariant", toString: "raw", odd: "nothing" };
    expect(knownTool("link", names)).toBe("linkTool");
    expect(knownTool("callout", names)).toBe("warning");
    expect(knownTune("look", names)).toBe("textVariant");
    expect(knownTool("odd", names)).toBeNull();
    expect(knownTool("constructor", {})).toBeNull();
    expect(knownTool("link", {})).toBeNull();
  });

  it("come from the build's configuration, written in as __EDITOR_TOOL_NAMES__", () => {
    const globals = globalThis as { __EDITOR_TOOL_NAMES__?: Record<string, string> };
    expect(configuredToolNames()).toEqual({});
    globals.__EDITOR_TOOL_NAMES__ = { link: "linkTool" };
    try {
      expect(knownTool("link")).toBe("linkTool");
    } finally {
      delete globals.__EDITOR_TOOL_NAMES__;
    }
  });
});
