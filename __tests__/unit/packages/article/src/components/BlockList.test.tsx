import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { ArticleBody } from "../../../../../../src/components/article-body/ArticleBody";
import { BlockList } from "../../../../../../packages/article/src/components/BlockList";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";
import { safeBlocks } from "../../../../../../packages/article/src/block-sanitizer";
import { articleHtml } from "../../../../../../src/node/feed";

// Blocks as Editor.js 2.31 and its official tools save them (shapes read off the real editor's
// output in __tests__/e2e/editor.spec.ts), rendered as a reader of the site sees them.

function renderBody(blocks: unknown[]): HTMLElement {
  const { container } = render(<ArticleBody blocks={safeBlocks(blocks)} />);
  return container.querySelector("[data-article-body]") as HTMLElement;
}

const item = (content: string, meta: Record<string, unknown> = {}, items: unknown[] = []) => ({ content, meta, items });

describe("List 2.x", () => {
  it("keeps a checklist's checked state, read-only and named by the item's text", () => {
    renderBody([
      {
        type: "list",
        data: {
          style: "checklist",
          meta: {},
          items: [item("Book the table", { checked: true }), item("Charge my <b>phone</b>", { checked: false })],
        },
      },
    ]);
    const booked = screen.getByRole("checkbox", { name: "Book the table" });
    const charge = screen.getByRole("checkbox", { name: "Charge my phone" });
    expect(booked).toBeChecked();
    expect(charge).not.toBeChecked();
    expect(booked).toBeDisabled();
    expect(charge.closest("li")).toHaveAttribute("data-checked", "false");
  });

  it("starts an ordered list where the editor said and counts in its counter type", () => {
    const body = renderBody([
      {
        type: "list",
        data: {
          style: "ordered",
          meta: { start: 5, counterType: "lower-roman" },
          items: [item("Five", {}, [item("Nested")]), item("Six")],
        },
      },
    ]);
    const outer = body.querySelector("ol")!;
    expect(outer).toHaveAttribute("start", "5");
    expect(outer).toHaveAttribute("type", "i");
    // A nested list counts from one again, in the same counter type.
    const nested = outer.querySelector("ol")!;
    expect(nested).not.toHaveAttribute("start");
    expect(nested).toHaveAttribute("type", "i");
    expect(
      within(outer)
        .getAllByRole("listitem")
        .map((li) => li.firstElementChild?.textContent),
    ).toEqual(["Five", "Nested", "Six"]);
  });

  it("writes no start or type for a list that counts 1, 2, 3", () => {
    const body = renderBody([
      { type: "list", data: { style: "ordered", meta: { counterType: "numeric" }, items: [item("One")] } },
    ]);
    expect(
      body
        .querySelector("ol")!
        .getAttributeNames()
        .filter((name) => name === "start" || name === "type"),
    ).toEqual([]);
  });

  it("ignores a start or counter type that is not the editor's", () => {
    const body = renderBody([
      {
        type: "list",
        data: { style: "ordered", meta: { start: "5; x", counterType: "disc; color:red" }, items: [item("One")] },
      },
    ]);
    expect(body.querySelector("ol")).not.toHaveAttribute("start");
    expect(body.querySelector("ol")).not.toHaveAttribute("type");
  });
});

describe("the official checklist and simple-image tools, and nested-list", () => {
  it("renders the checklist tool's items with their state", () => {
    renderBody([
      {
        type: "checklist",
        data: {
          items: [
            { text: "Tell a friend where I am", checked: true },
            { text: "Plan the ride home", checked: false },
          ],
        },
      },
    ]);
    expect(screen.getByRole("checkbox", { name: "Tell a friend where I am" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Plan the ride home" })).not.toBeChecked();
  });

  it("renders simple-image with its caption and options", () => {
    const body = renderBody([
      {
        type: "simpleImage",
        data: {
          url: "/blog-images/cafe.webp",
          caption: "A <i>quiet</i> café",
          withBorder: true,
          withBackground: false,
          stretched: true,
        },
      },
    ]);
    const figure = body.querySelector("figure")!;
    expect(figure).toHaveAttribute("data-border", "true");
    expect(figure).toHaveAttribute("data-stretched", "true");
    expect(figure).toHaveAttribute("data-background", "false");
    expect(screen.getByRole("img", { name: "A quiet café" })).toHaveAttribute("src", "/blog-images/cafe.webp");
  });

  it("renders nested-list's items, nested", () => {
    const body = renderBody([
      {
        type: "nestedList",
        data: { style: "unordered", items: [{ content: "Outer", items: [{ content: "Inner", items: [] }] }] },
      },
    ]);
    expect(body.querySelector("ul > li > ul > li")).toHaveTextContent("Inner");
  });

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

describe("embeds off the allowlist", () => {
  it("keep their caption beside the link", () => {
    const body = renderBody([
      {
        type: "embed",
        data: {
          service: "coub",
          source: "https://coub.com/view/1czcdf",
          embed: "https://coub.com/embed/1czcdf",
          caption: "A <b>loop</b> to smile at",
        },
      },
    ]);
    const link = screen.getByRole("link", { name: "https://coub.com/view/1czcdf" });
    expect(link).toHaveAttribute("href", "https://coub.com/view/1czcdf");
    expect(body.querySelector("figcaption")!.innerHTML).toBe("A <b>loop</b> to smile at");
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

describe("headings", () => {
  it("give each of six editor levels a style of its own, though HTML stops at h6", () => {
    // The class names stand in for article-body.module.css, whose six rules the styles end-to-end test
    // checks in Chromium.
    const classes = Object.fromEntries([0, 1, 2, 3, 4, 5].map((rank) => [`heading${rank}`, `rank-${rank}`]));
    const blocks = safeBlocks(
      [1, 2, 3, 4, 5, 6].map((level) => ({ type: "header", data: { text: `Level ${level}`, level } })),
    );
    const { container } = render(
      <BodyClassesProvider value={classes}>
        <BlockList blocks={blocks} />
      </BodyClassesProvider>,
    );
    const headings = [...container.querySelectorAll("h2, h3, h4, h5, h6")];
    expect(headings.map((heading) => heading.tagName)).toEqual(["H2", "H3", "H4", "H5", "H6", "H6"]);
    expect(headings.map((heading) => heading.className)).toEqual([
      "rank-0",
      "rank-1",
      "rank-2",
      "rank-3",
      "rank-4",
      "rank-5",
    ]);
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
