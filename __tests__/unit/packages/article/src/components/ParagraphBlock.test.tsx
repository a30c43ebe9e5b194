import * as React from "react";
import { render, screen } from "@testing-library/react";
import { ParagraphBlock } from "../../../../../../packages/article/src/components/ParagraphBlock";
import { renderBody } from "../../../../../support/article-body";

describe("ParagraphBlock", () => {
  it("is a paragraph of the block's inline HTML, as the sanitizer left it", () => {
    const { container } = render(
      <ParagraphBlock block={{ type: "paragraph", html: 'Meet <b>early</b>, <a href="/blog">read on</a>' }} />,
    );
    expect(container.innerHTML).toBe('<p>Meet <b>early</b>, <a href="/blog">read on</a></p>');
    expect(screen.getByRole("link", { name: "read on" })).toHaveAttribute("href", "/blog");
  });

  it("shows what the editor saved, its markup made safe", () => {
    const body = renderBody([{ type: "paragraph", data: { text: 'Hi <i>there</i><img src=x onerror="alert(1)">' } }]);
    expect(body.querySelector("p")!.innerHTML).toBe("Hi <i>there</i>");
  });
});
