import { embedFor, safeBlock, safeBlocks, safeUrl } from "../../../../../packages/article/src/block-sanitizer";

describe("safeBlock", () => {
  it("builds embeds only from allowlisted services", () => {
    expect(embedFor("https://www.youtube.com/watch?v=M7lc1UVf-VE")).toEqual({
      service: "YouTube",
      embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE",
    });
    expect(embedFor("https://vimeo.com/76979871")?.embedUrl).toBe("https://player.vimeo.com/video/76979871");
    expect(embedFor("https://evil.example/embed?v=M7lc1UVf-VE")).toBeNull();
    expect(embedFor('https://www.youtube.com/watch?v=M7lc1UVf-VE"><script>')).toBeNull();
  });

  it("turns an embed of an unknown service into a plain link", () => {
    expect(
      safeBlock({ type: "embed", data: { source: "https://evil.example/x", embed: "javascript:alert(1)" } }),
    ).toEqual({
      block: { type: "link", href: "https://evil.example/x", caption: "" },
    });
  });

  it("ignores the stored embed URL and uses the one built from the source", () => {
    const result = safeBlock({
      type: "embed",
      data: { source: "https://youtu.be/M7lc1UVf-VE", embed: "https://evil.example/", width: 580, height: 320 },
    });
    expect(result).toMatchObject({
      block: { type: "embed", embedUrl: "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE" },
    });
  });

  it("refuses images with a javascript: or data: URL", () => {
    expect(safeBlock({ type: "image", data: { file: { url: "javascript:alert(1)" } } })).toHaveProperty("skipped");
    expect(
      safeBlock({ type: "image", data: { file: { url: "data:image/svg+xml,<svg onload=alert(1)>" } } }),
    ).toHaveProperty("skipped");
    expect(safeUrl("//evil.example/x.png")).toBeNull();
  });

  it("reads table rows stored the Firestore way, as {cells: [...]}", () => {
    const result = safeBlock({
      type: "table",
      data: { withHeadings: true, content: [{ cells: ["A", "<b>B</b>"] }, { cells: ["1", "<script>x</script>2"] }] },
    });
    expect(result).toEqual({
      block: {
        type: "table",
        withHeadings: true,
        rows: [
          ["A", "<b>B</b>"],
          ["1", "2"],
        ],
      },
    });
  });

  it("caps huge tables and deep lists", () => {
    const huge = Array.from({ length: 1000 }, () => Array.from({ length: 100 }, () => "<b>x</b>"));
    const table = safeBlock({ type: "table", data: { content: huge } });
    expect("block" in table && table.block.type === "table" && table.block.rows.length).toBe(200);
    let deep: unknown = { content: "leaf", items: [] };
    for (let i = 0; i < 1000; i += 1) deep = { content: `level ${i}`, items: [deep] };
    const list = safeBlock({ type: "list", data: { style: "unordered", items: [deep] } });
    let depth = 0;
    let item = "block" in list && list.block.type === "list" ? list.block.items[0] : undefined;
    while (item) {
      depth += 1;
      item = item.items[0];
    }
    expect(depth).toBe(5);
  });

  it("survives blocks with missing or mistyped fields", () => {
    const report = jest.fn();
    const blocks = safeBlocks(
      [
        { type: "paragraph" },
        { type: "header", data: { level: 99, text: 5 } },
        { type: "list", data: { items: "x" } },
        { type: "table", data: {} },
        { type: "quote", data: null },
        null,
        { type: "mystery", data: {} },
      ],
      report,
    );
    expect(blocks.map((b) => b.type)).toEqual(["paragraph", "header", "list", "table", "quote"]);
    expect(report).toHaveBeenCalledTimes(2);
    expect(report.mock.calls[1]?.[0]).toContain('unknown block type "mystery"');
  });
});

// Every form below is parsed by the browser (WHATWG URL) into something else than it looks like;
// the check must judge, and write out, what the browser will load.
describe("safeUrl, as the browser parses it", () => {
  it.each([
    ["a backslash after the first slash", "/\\evil.example/x.png"],
    ["two backslashes", "\\\\evil.example/x.png"],
    ["a slash and a backslash", "/\\/evil.example/x.png"],
    ["a protocol-relative URL", "//evil.example/x.png"],
    ["a protocol-relative URL behind whitespace", "  //evil.example/x.png"],
    ["a dot segment that leaves // behind", "/.//evil.example/x.png"],
    ["a dot-dot segment that leaves // behind", "/..//evil.example/x.png"],
    ["a tab inside the scheme", "java\tscript:alert(1)"],
    ["a newline inside the scheme", "java\nscript:alert(1)"],
    ["a carriage return inside the host", "https://ok.exa\rmple/x.png"],
    ["a NUL character", "/blog-images/a.webp\u0000.js"],
    ["a mixed-case javascript: scheme", "JaVaScRiPt:alert(1)"],
    ["javascript: behind leading whitespace", " \n javascript:alert(1)"],
    ["a data: URL", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["an encoded scheme", "%6Aavascript:alert(1)"],
    ["an encoded colon", "javascript%3Aalert(1)"],
    ["credentials that pose as this site", "https://kindred.app@evil.example/x.png"],
    ["a relative path that is not a site path", "images/x.png"],
    ["a vbscript: URL", "VBSCRIPT:msgbox(1)"],
  ])("refuses %s", (_form, value) => {
    expect(safeUrl(value)).toBeNull();
  });

  it.each([
    ["a site path", "/blog-images/a.webp", "/blog-images/a.webp"],
    ["a site path with backslashes inside, written with slashes", "/blog-images\\a.webp", "/blog-images/a.webp"],
    ["encoded dot segments, resolved", "/blog-images/%2e%2e/og-image.jpg", "/og-image.jpg"],
    ["a mixed-case https scheme and host, lowercased", "HTTPS://Images.Example/A.png", "https://images.example/A.png"],
    ["surrounding whitespace, trimmed", "  https://images.example/a.png \n", "https://images.example/a.png"],
    [
      "an explicit https URL with a backslash, as the browser reads it",
      "https:\\\\images.example\\a.png",
      "https://images.example/a.png",
    ],
  ])("accepts %s as the browser will load it", (_form, value, expected) => {
    expect(safeUrl(value)).toBe(expected);
  });

  it("never writes back a value that a browser would load from another host", () => {
    const forms = [
      "/\\evil.example/x",
      "//evil.example/x",
      "/.//evil.example/x",
      "/./\\evil.example/x",
      "\t//evil.example/x",
      "/%5Cevil.example/x",
    ];
    for (const form of forms) {
      const written = safeUrl(form);
      if (written !== null) expect(new URL(written, "https://kindred.app/blogarticle/a").host).toBe("kindred.app");
    }
  });

  it("guards image blocks with the same check", () => {
    expect(safeBlock({ type: "image", data: { file: { url: "/\\evil.example/x.png" } } })).toHaveProperty("skipped");
    expect(safeBlock({ type: "image", data: { file: { url: "/blog-images/a.webp" } } })).toMatchObject({
      block: { url: "/blog-images/a.webp" },
    });
  });
});

describe("safeBlocks warnings for what is cut", () => {
  it("names the block index and type when a list nests deeper than 5 levels", () => {
    let deep: unknown = { content: "leaf", items: [] };
    for (let i = 0; i < 7; i += 1) deep = { content: `level ${i}`, items: [deep] };
    const report = jest.fn();
    safeBlocks(
      [
        { type: "paragraph", data: { text: "a" } },
        { type: "list", data: { style: "ordered", items: [deep] } },
      ],
      report,
    );
    const reason = "items nested deeper than 5 levels were left out";
    expect(report.mock.calls).toEqual([[`block 1 (list): ${reason}`, { block: 1, type: "list", reason }]]);
  });

  it("says nothing about a list of exactly 5 levels", () => {
    let deep: unknown = { content: "leaf", items: [] };
    for (let i = 0; i < 4; i += 1) deep = { content: `level ${i}`, items: [deep] };
    const report = jest.fn();
    safeBlocks([{ type: "list", data: { items: [deep] } }], report);
    expect(report).not.toHaveBeenCalled();
  });

  it.each([
    ["too many rows", 201, 3, "a table of 201 rows and up to 3 columns was cut to 200 × 20"],
    ["too many columns", 2, 21, "a table of 2 rows and up to 21 columns was cut to 200 × 20"],
  ])("names the block index and type when a table has %s", (_case, rows, columns, message) => {
    const content = Array.from({ length: rows }, () => ({ cells: Array.from({ length: columns }, () => "c") }));
    const report = jest.fn();
    safeBlocks(
      [
        { type: "delimiter", data: {} },
        { type: "delimiter", data: {} },
        { type: "table", data: { content } },
      ],
      report,
    );
    expect(report.mock.calls).toEqual([[`block 2 (table): ${message}`, { block: 2, type: "table", reason: message }]]);
  });

  it("says nothing about a table of exactly 200 × 20", () => {
    const content = Array.from({ length: 200 }, () => Array.from({ length: 20 }, () => "c"));
    const report = jest.fn();
    safeBlocks([{ type: "table", data: { content } }], report);
    expect(report).not.toHaveBeenCalled();
  });
});
