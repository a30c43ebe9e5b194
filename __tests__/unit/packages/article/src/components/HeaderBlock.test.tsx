import * as React from "react";
import { render, screen } from "@testing-library/react";
import { BlockList } from "../../../../../../packages/article/src/components/BlockList";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";
import { HeaderBlock } from "../../../../../../packages/article/src/components/HeaderBlock";
import { safeBlocks } from "../../../../../../packages/article/src/block-sanitizer";

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

describe("HeaderBlock", () => {
  it("is a heading in the tag it is given, styled by its rank, with the editor's level and inline HTML", () => {
    render(
      <BodyClassesProvider value={{ heading1: "rank-1" }}>
        <HeaderBlock block={{ type: "header", level: 3, html: "Before <i>you</i> go" }} tag="h3" rank={1} />
      </BodyClassesProvider>,
    );
    const heading = screen.getByRole("heading", { level: 3, name: "Before you go" });
    expect(heading).toHaveClass("rank-1");
    expect(heading).toHaveAttribute("data-editor-level", "3");
    expect(heading.innerHTML).toBe("Before <i>you</i> go");
  });

  it("takes its level from the article's highest heading, so the title stays the only h1", () => {
    render(
      <BlockList
        blocks={safeBlocks([
          { type: "header", data: { text: "Top", level: 3 } },
          { type: "header", data: { text: "Under", level: 4 } },
        ])}
      />,
    );
    expect(screen.getByRole("heading", { name: "Top" }).tagName).toBe("H2");
    expect(screen.getByRole("heading", { name: "Under" }).tagName).toBe("H3");
  });
});
