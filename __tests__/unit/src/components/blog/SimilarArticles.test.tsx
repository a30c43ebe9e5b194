import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import type { BlogCardData } from "../../../../../src/components/blog/BlogCard";
import { SimilarArticles } from "../../../../../src/components/blog/SimilarArticles";

// The "Similar articles" section under an article: a card for each, or nothing at all.

const card = (n: number): BlogCardData => ({
  id: `doc-${n}`,
  slug: `similar-${n}`,
  title: `Similar article ${n}`,
  categories: ["Dating Tips"],
  lastUpdate: "2024-03-04T09:30:00.000Z",
});

describe("SimilarArticles", () => {
  it("shows a card linking to each article, in the order given, under its heading", () => {
    render(<SimilarArticles cards={[card(2), card(1), card(3)]} />);
    const section = screen.getByRole("region", { name: "Similar articles you may like" });
    const items = within(section).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Similar article 2",
      "Similar article 1",
      "Similar article 3",
    ]);
    expect(within(items[0]!).getByRole("link")).toHaveAttribute("href", "/blogarticle/similar-2");
  });

  it("renders nothing, not even its heading, when there are no similar articles", () => {
    const { container } = render(<SimilarArticles cards={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
