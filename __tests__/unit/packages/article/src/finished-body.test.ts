import { articleDescription, finishBody } from "../../../../../packages/article/src/finished-body";

describe("finishBody", () => {
  it("sanitizes the body and names a left-out block by its place, type and reason", () => {
    const { safeBlocks, leftOutBlocks } = finishBody(
      [
        { type: "paragraph", data: { text: 'Hi<script>x()</script><img src=x onerror="y()">' } },
        { type: "weird", data: {} },
      ],
      "Title",
    );
    expect(safeBlocks).toHaveLength(1);
    expect(JSON.stringify(safeBlocks)).not.toMatch(/script|onerror/);
    expect(leftOutBlocks).toEqual([
      {
        message: 'block 1: unknown block type "weird"; left out',
        block: { block: 1, type: "weird", reason: 'unknown block type "weird"; left out' },
      },
    ]);
  });

  it("names a left-out block by its place in the stored article when malformed blocks before it were left out", () => {
    // The stored blocks were [42, "x", paragraph, weird]; normalizeContent left the first two out and
    // reported them as content.blocks[0] and [1].
    const malformed = [
      { field: "content.blocks[0]", message: "is not an Editor.js block ({type, data}); left out" },
      { field: "content.blocks[1]", message: "is not an Editor.js block ({type, data}); left out" },
    ];
    const { leftOutBlocks } = finishBody(
      [
        { type: "paragraph", data: { text: "Kept" } },
        { type: "weird", data: {} },
      ],
      "Title",
      malformed,
    );
    expect(leftOutBlocks.map(({ message }) => message)).toEqual(['block 3: unknown block type "weird"; left out']);
  });

  it("describes the article from the safe blocks it made, and leaves nothing out of a clean body", () => {
    expect(
      finishBody(
        [
          { type: "weird", data: {} },
          { type: "paragraph", data: { text: "Summary <b>here</b>" } },
        ],
        "Title",
      ),
    ).toMatchObject({ description: "Summary here", safeBlocks: [{ type: "paragraph", html: "Summary <b>here</b>" }] });
    expect(finishBody([{ type: "paragraph", data: { text: "Fine" } }], "T").leftOutBlocks).toEqual([]);
  });

  it("finishes nothing from a body that is not a list of blocks", () => {
    expect(finishBody(undefined, "Only a title")).toEqual({
      safeBlocks: [],
      description: "Only a title",
      leftOutBlocks: [],
    });
  });
});

describe("articleDescription", () => {
  it("is the first paragraph as plain text", () => {
    expect(
      articleDescription(
        [
          { type: "header", html: "Heading", level: 2 },
          { type: "paragraph", html: "First <b>bold</b> words" },
          { type: "paragraph", html: "Second" },
        ],
        "Title",
      ),
    ).toBe("First bold words");
  });

  it("is the title when there is no paragraph", () => {
    expect(articleDescription([{ type: "delimiter" }], "The title")).toBe("The title");
  });

  it("is cut to 160 characters with an ellipsis", () => {
    const long = "word ".repeat(60);
    const description = articleDescription([{ type: "paragraph", html: long }], "T");
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toBe(`${long.slice(0, 157).trimEnd()}…`);
    expect(articleDescription([{ type: "paragraph", html: "x".repeat(160) }], "T")).toBe("x".repeat(160));
  });
});
