import { readFileSync } from "node:fs";
import path from "node:path";
import { finishBody, highlightCodeBlocks, normalizeContent } from "@kindred/article";
import { draftBody } from "../../../../../editors/src/preview/draft-body";

const showcase = JSON.parse(
  readFileSync(path.join(__dirname, "../../../../../content/blog/a-first-date-plan-in-every-format.json"), "utf8"),
) as { title: string; content: { blocks: unknown[] } };

describe("draftBody", () => {
  it("is the body the build makes of the same content: every block of the showcase", () => {
    const normalized = normalizeContent("draft", showcase.content)!;
    const built = finishBody(normalized.content.blocks, showcase.title, normalized.problems);
    const body = draftBody(showcase.content, highlightCodeBlocks);
    expect(body.blocks).toEqual(built.safeBlocks);
    expect(body.leftOut).toEqual(built.leftOutBlocks.map(({ block }) => block));
  });

  it("says which stored block each drawn block comes from, past the blocks the build leaves out", () => {
    const body = draftBody({
      time: 1,
      version: "2.31.7",
      blocks: [
        { id: "p0", type: "paragraph", data: { text: "First" } },
        { id: "x1", type: "unknownTool", data: {} },
        "not a block",
        { id: "h3", type: "header", data: { text: "Third", level: 2 } },
        { id: "r4", type: "raw", data: { html: "<script>alert(1)</script>" } },
        { id: "q5", type: "quote", data: { text: "Fifth", caption: "" } },
      ],
    });
    expect(body.blocks.map((block) => block.type)).toEqual(["paragraph", "header", "quote"]);
    expect(body.sources).toEqual([0, 3, 5]);
    expect(body.ids).toEqual(["p0", "h3", "q5"]);
    expect(body.leftOut.map(({ block, type }) => [block, type])).toEqual([
      [1, "unknownTool"],
      [2, "(none)"],
      [4, "raw"],
    ]);
  });

  it("highlights code in the language the editor named, as the build does, once given the highlighter", () => {
    const content = { blocks: [{ type: "code", data: { code: "const a = 1;", language: "javascript" } }] };
    const [code] = draftBody(content, highlightCodeBlocks).blocks;
    expect(code).toMatchObject({
      type: "code",
      highlighted: expect.stringContaining('<span class="hljs-keyword">const</span>'),
    });
    // Until the highlighter's chunk has loaded, the code is drawn as plain text.
    const [plain] = draftBody(content).blocks;
    expect(plain).toEqual({ type: "code", code: "const a = 1;" });
  });

  it("draws nothing of content that is not Editor.js output, and says so", () => {
    expect(draftBody(undefined)).toEqual({
      blocks: [],
      sources: [],
      ids: [],
      leftOut: [],
      problem: "is not Editor.js output ({time, blocks, version})",
    });
  });
});
