import * as React from "react";
import { render, screen } from "@testing-library/react";
import { BlockList } from "../../../../../../packages/article/src/components/BlockList";
import { safeBlocks } from "../../../../../../packages/article/src/block-sanitizer";
import { articleHtml } from "../../../../../../src/node/feed";
import { CARD_RULES, listItem as item, renderBody } from "../../../../../support/article-body";

// Blocks as Editor.js 2.31 and its official tools save them (shapes read off the real editor's
// output in __tests__/e2e/editor.spec.ts), rendered as a reader of the site sees them. Each block's
// own drawing is tested beside its component (ParagraphBlock.test.tsx and the rest).

describe("BlockList", () => {
  it("draws each block by its type, in the order saved, a tuned one inside its tune's element", () => {
    const { container } = render(
      <BlockList
        blocks={[
          { type: "header", level: 2, html: "Plan" },
          { type: "paragraph", html: "Meet early." },
          { type: "delimiter" },
          { type: "quote", html: "Be kind.", caption: "", alignment: "left" },
          { type: "paragraph", html: "Cited", tunes: { variant: "citation" } },
          { type: "warning", title: "Note", message: "" },
        ]}
      />,
    );
    expect([...container.children].map((element) => element.tagName)).toEqual([
      "H2",
      "P",
      "HR",
      "FIGURE",
      "BLOCKQUOTE",
      "DIV",
    ]);
    expect(screen.getByRole("note")).toHaveTextContent("Note");
    expect(container.children[4]!.innerHTML).toBe("<p>Cited</p>");
  });

  it("draws nothing for no blocks", () => {
    const { container } = render(<BlockList blocks={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("blocks no tool of ours saves", () => {
  it("still warns about a block type no tool of ours saves", () => {
    const report = jest.fn();
    safeBlocks(
      [
        { type: "paragraph", data: { text: "a" } },
        { type: "alert", data: { title: "x" } },
      ],
      report,
    );
    const reason = 'unknown block type "alert"; left out';
    expect(report.mock.calls).toEqual([[`block 1: ${reason}`, { block: 1, type: "alert", reason }]]);
  });
});

describe("URLs the editor saved entity-encoded", () => {
  it("are decoded once before they are checked and written", () => {
    const body = renderBody([
      { type: "image", data: { file: { url: "https://cdn.example/p.jpg?w=1200&amp;q=80" }, caption: "" } },
      {
        type: "simpleImage",
        data: { url: "https://firebasestorage.googleapis.com/v0/b/x/o/a.jpg?alt=media&amp;token=abc" },
      },
      { type: "embed", data: { service: "youtube", source: "https://www.youtube.com/watch?v=M7lc1UVf-VE&amp;t=42" } },
    ]);
    const images = body.querySelectorAll("img");
    expect(images[0]!.getAttribute("src")).toBe("https://cdn.example/p.jpg?w=1200&q=80");
    expect(images[1]!.getAttribute("src")).toBe(
      "https://firebasestorage.googleapis.com/v0/b/x/o/a.jpg?alt=media&token=abc",
    );
    expect(screen.getByRole("link", { name: /Open on YouTube/ })).toHaveAttribute(
      "href",
      "https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42",
    );
  });

  it("are decoded only once, and an unencoded URL is left as it is", () => {
    const body = renderBody([
      { type: "image", data: { file: { url: "https://cdn.example/p.jpg?a=1&amp;amp;b=2" } } },
      { type: "image", data: { file: { url: "https://cdn.example/p.jpg?a=1&copy=2&b=3" } } },
    ]);
    const images = body.querySelectorAll("img");
    expect(images[0]!.getAttribute("src")).toBe("https://cdn.example/p.jpg?a=1&amp;b=2");
    expect(images[1]!.getAttribute("src")).toBe("https://cdn.example/p.jpg?a=1&copy=2&b=3");
  });

  it("cannot smuggle a refused scheme in through an entity", () => {
    const body = renderBody([
      { type: "image", data: { file: { url: "javascript&colon;alert(1)" } } },
      { type: "image", data: { file: { url: "&#106;avascript:alert(1)" } } },
    ]);
    expect(body.querySelectorAll("img")).toHaveLength(0);
  });
});

describe("the feed", () => {
  it("renders the same blocks through the same renderer, with no classes and no controls", () => {
    const blocks = safeBlocks([
      { type: "list", data: { style: "checklist", items: [item("Done", { checked: true })] } },
      { type: "list", data: { style: "ordered", meta: { start: 3, counterType: "upper-alpha" }, items: [item("C")] } },
      { type: "embed", data: { service: "coub", source: "https://coub.com/view/1", caption: "Loop" } },
    ]);
    const html = articleHtml(blocks, "https://kindred.example");
    expect(html).toContain('<ol start="3" type="A">');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked=""\/> <span>Done<\/span>/);
    expect(html).toContain("<figcaption>Loop</figcaption>");
  });
});

describe("in the feed", () => {
  it("every new block and tune is drawn by the same renderer, with no classes", () => {
    const html = articleHtml(
      safeBlocks(
        [
          { type: "warning", data: { title: "Note", message: "Be kind" } },
          { type: "attaches", data: { file: { url: "/blog-images/plan.pdf", size: 91 }, title: "Plan" } },
          { type: "linkTool", data: { link: "https://a.example/", meta: { title: "A" } } },
          { type: "raw", data: { html: "<p>Raw</p>" } },
          { type: "personality", data: { name: "Maya" } },
          { type: "paragraph", data: { text: "Cited" }, tunes: { textVariant: "citation" } },
        ],
        undefined,
        CARD_RULES,
      ),
      "https://kindred.app",
    );
    expect(html).not.toContain("class=");
    expect(html).toContain('href="https://kindred.app/blog-images/plan.pdf"');
    for (const text of [
      "Be kind",
      "91 B",
      ">A<",
      "<p>Raw</p>",
      "Maya",
      '<blockquote data-variant="citation"><p>Cited</p>',
    ])
      expect(html).toContain(text);
  });
});
