import { normalizeContent, storedBlockIndex } from "../../../../../packages/article/src/editor-content";

describe("storedBlockIndex", () => {
  it("gives each kept block its place in the stored blocks, past the malformed ones left out before it", () => {
    const stored = [42, { type: "paragraph", data: {} }, "x", null, { type: "header", data: {} }, { type: "list" }];
    const normalized = normalizeContent("doc", { blocks: stored })!;
    expect(normalized.content.blocks.map((block) => block.type)).toEqual(["paragraph", "header"]);
    const place = storedBlockIndex(normalized.problems);
    expect(normalized.content.blocks.map((_, index) => place(index))).toEqual([1, 4]);
  });

  it("leaves the indices alone when nothing was left out, or when a problem names no block", () => {
    expect([0, 1, 2].map(storedBlockIndex([]))).toEqual([0, 1, 2]);
    expect([0, 1].map(storedBlockIndex([{ field: "content" }]))).toEqual([0, 1]);
  });

  it("reads the problems in any order", () => {
    const place = storedBlockIndex([{ field: "content.blocks[3]" }, { field: "content.blocks[0]" }]);
    expect([0, 1, 2].map(place)).toEqual([1, 2, 4]);
  });
});
