import * as React from "react";
import { render } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { RawBlock } from "../../../../../../packages/article/src/components/RawBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// @editorjs/raw, in the shape it saves, rendered as a reader sees it; hostile input in its HTML.

describe("raw HTML", () => {
  it("keeps paragraphs, lists, headings, marks and links, and the text of everything else", () => {
    const body = renderBody([
      {
        type: "raw",
        data: {
          html: '<div style="color:red"><h1>Plan</h1><p>Meet <em>early</em>, <a href="https://a.example/">map</a></p><ul><li>Water</li></ul><span>kept text</span></div>',
        },
      },
    ]);
    const raw = body.querySelector("[data-block=raw]")!;
    expect(raw.innerHTML).toBe(
      '<h2>Plan</h2><p>Meet <em>early</em>, <a href="https://a.example/" target="_blank" rel="noopener noreferrer nofollow">map</a></p><ul><li>Water</li></ul>kept text',
    );
  });

  it("drops scripts, styles, frames, handlers and javascript: URLs", () => {
    const body = renderBody([
      {
        type: "raw",
        data: {
          html: '<script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><p onclick="alert(1)">Hello <a href="javascript:alert(1)">you</a></p>',
        },
      },
    ]);
    expect(body.querySelector("script, style, iframe, [onclick], [style]")).toBeNull();
    expect(body.querySelector("a")).not.toHaveAttribute("href");
    expect(body).toHaveTextContent(/^Hello you$/);
  });

  it("is left out, and reported, when nothing a reader could see is left", () => {
    const report = jest.fn();
    expect(
      renderBody([{ type: "raw", data: { html: "<script>alert(1)</script>" } }], RULES, report),
    ).toBeEmptyDOMElement();
    expect(report).toHaveBeenCalledTimes(1);
  });
});

describe("RawBlock", () => {
  it("writes the sanitized HTML as it is, in a block marked raw with its class", () => {
    const { container } = render(
      <BodyClassesProvider value={{ raw: "raw-html" }}>
        <RawBlock block={{ type: "raw", html: "<p>One</p><p>Two</p>" }} />
      </BodyClassesProvider>,
    );
    const raw = container.querySelector("[data-block=raw]")!;
    expect(raw).toHaveClass("raw-html");
    expect(raw.innerHTML).toBe("<p>One</p><p>Two</p>");
  });
});
