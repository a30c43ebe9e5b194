import { within } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import {
  configuredToolNames,
  KNOWN_TOOLS,
  KNOWN_TUNES,
  knownTool,
  knownTune,
} from "../../../../../packages/article/src/editor-tools";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../support/article-body";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

describe("the known tools and tunes", () => {
  it("are every block tool the site renders and the two tunes it applies, each once", () => {
    expect(KNOWN_TOOLS).toHaveLength(17);
    expect(new Set(KNOWN_TOOLS).size).toBe(KNOWN_TOOLS.length);
    expect(KNOWN_TOOLS).toEqual(
      expect.arrayContaining(["paragraph", "header", "list", "image", "linkTool", "personality"]),
    );
    expect(KNOWN_TUNES).toEqual(["textVariant", "alignment"]);
  });

  it("never take a name the site maps for a tune as a tool, or the other way round", () => {
    expect(knownTool("textVariant", {})).toBeNull();
    expect(knownTune("paragraph", {})).toBeNull();
    expect(knownTool("x", { x: "alignment" })).toBeNull();
    expect(knownTune("x", { x: "paragraph" })).toBeNull();
  });

  it("read the site's mapping before the tools' own names", () => {
    expect(knownTool("quote", { quote: "warning" })).toBe("warning");
    expect(knownTune("alignmentTune", { alignmentTune: "textVariant" })).toBe("textVariant");
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

describe("tool names", () => {
  it("are read through the site's editorToolNames, which can name any known tool or tune", () => {
    const rules: BodyRules = { ...RULES, toolNames: { callout: "warning", link: "linkTool", variant: "textVariant" } };
    const report = jest.fn();
    const body = renderBody(
      [
        { type: "callout", data: { title: "Heads up", message: "" }, tunes: { variant: "details" } },
        { type: "link", data: { link: "https://a.example/", meta: { title: "A" } } },
      ],
      rules,
      report,
    );
    expect(report).not.toHaveBeenCalled();
    expect(within(body).getByRole("note")).toHaveTextContent("Heads up");
    expect(body.children[0]!.tagName).toBe("ASIDE");
    expect(within(body).getByRole("link")).toHaveTextContent("A");
  });

  it("are left out with a warning when neither the tools nor the site know them", () => {
    const report = jest.fn();
    renderBody([{ type: "link", data: { link: "https://a.example/" } }], RULES, report);
    expect(report.mock.calls).toEqual([
      [
        'block 0: unknown block type "link"; left out',
        { block: 0, type: "link", reason: 'unknown block type "link"; left out' },
      ],
    ]);
  });
});
