import { normalizeContent, storedBlockIndex } from "@kindred/article";

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

describe("normalizeContent", () => {
  it("drops malformed blocks and reports each with its index", () => {
    const result = normalizeContent("doc", {
      blocks: [{ type: "paragraph", data: { text: "ok" } }, "junk", { type: "header" }, { type: "", data: {} }],
    });
    expect(result?.content.blocks).toEqual([{ type: "paragraph", data: { text: "ok" } }]);
    expect(result?.problems.map((p) => p.field)).toEqual([
      "content.blocks[1]",
      "content.blocks[2]",
      "content.blocks[3]",
    ]);
  });

  it("rewrites image block URLs with the given mapping", () => {
    const result = normalizeContent(
      "doc",
      { blocks: [{ type: "image", data: { file: { url: "images/a.webp" } } }] },
      (ref) => `/blog-images/${ref.slice(7)}`,
    );
    expect(result?.content.blocks[0]?.data).toEqual({ file: { url: "/blog-images/a.webp" } });
  });

  it("keeps a block's tunes for the sanitizer to read, and nothing that is not an object", () => {
    const tunes = { textVariant: "citation", alignmentTune: { alignment: "center" } };
    const result = normalizeContent("doc", {
      blocks: [
        { type: "paragraph", data: { text: "a" }, tunes },
        { type: "paragraph", data: { text: "b" }, tunes: "call-out" },
      ],
    });
    expect(result?.content.blocks).toEqual([
      { type: "paragraph", data: { text: "a" }, tunes },
      { type: "paragraph", data: { text: "b" } },
    ]);
  });
});
