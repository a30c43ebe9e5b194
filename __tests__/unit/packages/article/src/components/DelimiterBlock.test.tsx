import * as React from "react";
import { render, screen } from "@testing-library/react";
import { DelimiterBlock } from "../../../../../../packages/article/src/components/DelimiterBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

describe("DelimiterBlock", () => {
  it("is a thematic break between parts of the article, with the delimiter's class", () => {
    render(
      <BodyClassesProvider value={{ delimiter: "stars" }}>
        <DelimiterBlock />
      </BodyClassesProvider>,
    );
    expect(screen.getByRole("separator")).toHaveClass("stars");
  });

  it("has no class in the feed", () => {
    const { container } = render(<DelimiterBlock />);
    expect(container.innerHTML).toBe("<hr>");
  });
});
