import * as React from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { highlightCodeBlocks } from "@kindred/article";
import { ArticleBody } from "../../../../../src/components/article-body/ArticleBody";
import { ArticlePreview, type PreviewFields } from "../../../../../editors/src/preview/ArticlePreview";
import { draftBody } from "../../../../../editors/src/preview/draft-body";

const showcase = JSON.parse(
  readFileSync(path.join(__dirname, "../../../../../content/blog/a-first-date-plan-in-every-format.json"), "utf8"),
) as { title: string; content: { blocks: unknown[] } };

const fields = (content: unknown, more: Partial<PreviewFields> = {}): PreviewFields => ({
  title: "A plan",
  categories: ["First Dates", "Safety"],
  featureImage: "",
  content,
  ...more,
});

/** The body's markup without the tab stops the preview adds for the keyboard. */
const markup = (element: Element): string => {
  const copy = element.cloneNode(true) as Element;
  for (const child of Array.from(copy.children)) child.removeAttribute("tabindex");
  return copy.outerHTML;
};

describe("ArticlePreview", () => {
  it("draws the body in the site's own markup: the showcase as the site's ArticleBody draws it", async () => {
    const site = render(<ArticleBody blocks={draftBody(showcase.content, highlightCodeBlocks).blocks} />);
    const siteBody = site.container.querySelector("[data-article-body]")!;
    const siteMarkup = markup(siteBody);
    site.unmount();
    const { container } = render(
      <ArticlePreview fields={fields(showcase.content)} showing="Preview" onChooseBlock={() => undefined} />,
    );
    const body = container.querySelector("[data-article-body]")!;
    await waitFor(() => expect(markup(body)).toBe(siteMarkup));
    // One element per drawn block: what a click is mapped by.
    expect(body.children).toHaveLength(draftBody(showcase.content).blocks.length);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("A plan");
    expect(screen.getByRole("list", { name: "Categories" })).toHaveTextContent(/#FirstDates\s*#Safety/);
  });

  it("draws code as plain text at once, then highlighted as the build does once the highlighter has loaded", async () => {
    const content = { blocks: [{ type: "code", data: { code: "const a = 1;", language: "javascript" } }] };
    const site = render(<ArticleBody blocks={draftBody(content, highlightCodeBlocks).blocks} />);
    const siteMarkup = markup(site.container.querySelector("[data-article-body]")!);
    site.unmount();
    const { container } = render(<ArticlePreview fields={fields(content)} showing="Preview" />);
    const code = container.querySelector("[data-article-body] pre code")!;
    expect(code.innerHTML).toBe("const a = 1;");
    await waitFor(() => expect(markup(container.querySelector("[data-article-body]")!)).toBe(siteMarkup));
    expect(siteMarkup).toContain('<span class="hljs-keyword">const</span>');
  });

  it("names the editor's block a click lands in, past the blocks left out, and lets links be", () => {
    const chosen = jest.fn();
    const content = {
      blocks: [
        { id: "p0", type: "paragraph", data: { text: 'Go <b>now</b> to <a href="https://example.com">x</a>' } },
        { id: "x1", type: "unknownTool", data: {} },
        { id: "q2", type: "quote", data: { text: "Said", caption: "Me" } },
      ],
    };
    const { container } = render(<ArticlePreview fields={fields(content)} showing="Preview" onChooseBlock={chosen} />);
    fireEvent.click(screen.getByText("now"));
    expect(chosen).toHaveBeenLastCalledWith({ index: 0, id: "p0" });
    fireEvent.click(screen.getByText("Said"));
    expect(chosen).toHaveBeenLastCalledWith({ index: 2, id: "q2" });
    fireEvent.click(screen.getByRole("link", { name: "x" }));
    expect(chosen).toHaveBeenCalledTimes(2);
    expect(container.querySelectorAll("[data-article-body] > *")).toHaveLength(2);
    expect(screen.getByText("The build will leave out one thing")).toBeInTheDocument();
    expect(screen.getByText(/^Block 2 \(unknownTool\):/)).toBeInTheDocument();
  });

  it("reaches every block from the keyboard: one tab stop, arrows move, Enter chooses", () => {
    const chosen = jest.fn();
    const content = {
      blocks: [
        { id: "a", type: "paragraph", data: { text: "One" } },
        { id: "b", type: "paragraph", data: { text: "Two" } },
        { id: "c", type: "paragraph", data: { text: "Three" } },
      ],
    };
    const { container } = render(<ArticlePreview fields={fields(content)} showing="Preview" onChooseBlock={chosen} />);
    const blocks = Array.from(container.querySelectorAll<HTMLElement>("[data-article-body] > *"));
    expect(blocks.map((block) => block.tabIndex)).toEqual([0, -1, -1]);
    blocks[0]!.focus();
    fireEvent.keyDown(blocks[0]!, { key: "ArrowDown" });
    fireEvent.keyDown(blocks[1]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(blocks[2]);
    expect(blocks.map((block) => block.tabIndex)).toEqual([-1, -1, 0]);
    fireEvent.keyDown(blocks[2]!, { key: "Enter" });
    expect(chosen).toHaveBeenLastCalledWith({ index: 2, id: "c" });
    fireEvent.keyDown(blocks[2]!, { key: "Home" });
    expect(document.activeElement).toBe(blocks[0]);
  });

  it("draws untrusted content through the core's sanitizer only: no script, no handler, no frame", () => {
    const content = {
      blocks: [
        { type: "paragraph", data: { text: '<img src=x onerror="window.owned=1">Hi<script>window.owned=1</script>' } },
        { type: "raw", data: { html: '<h1 onclick="x()">Big</h1><iframe src="https://evil.example"></iframe>' } },
        { type: "paragraph", data: { text: '<a href="javascript:alert(1)">js</a>' } },
      ],
    };
    const { container } = render(<ArticlePreview fields={fields(content)} showing="Preview" />);
    const body = container.querySelector("[data-article-body]")!;
    expect(body.querySelector("script, img, iframe, [onerror], [onclick]")).toBeNull();
    expect(body.querySelector("a")?.getAttribute("href")).toBeNull();
    expect(body.querySelector("h2")).toHaveTextContent("Big");
  });

  it("says when the cover would be left out, and draws the site's placeholder instead", () => {
    render(<ArticlePreview fields={fields({ blocks: [] }, { featureImage: "javascript:alert(1)" })} showing="P" />);
    expect(screen.getByText(/^The cover image .*; the article is built without a cover image\.$/)).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
  });

  it("shows an http(s) cover from any host when the console was built without the site's cover policy", () => {
    render(
      <ArticlePreview
        fields={fields({ blocks: [] }, { featureImage: "https://images.example/cover.webp" })}
        showing="P"
      />,
    );
    expect(document.querySelector("img")).toHaveAttribute("src", "https://images.example/cover.webp");
    expect(screen.queryByText(/The build will leave out/)).toBeNull();
  });
});
