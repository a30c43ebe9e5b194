import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { ArticleSkeleton, ArticleView } from "../../../../../src/components/blog/ArticleView";

// The article as a reader meets it, on built pages, the fallback route and the preview alike: its
// title, at most two hashtags, the cover, the date it was updated, then the body.

function view(overrides: Partial<React.ComponentProps<typeof ArticleView>> = {}) {
  return render(
    <ArticleView
      title="The First Date Checklist"
      categories={["First Dates", "Dating Tips", "Safety"]}
      updatedOn="2024-03-04T09:30:00.000Z"
      cover={<img src="/cover.jpg" alt="The cover" />}
      body={<p>The body of the article.</p>}
      {...overrides}
    />,
  );
}

describe("ArticleView", () => {
  it("is an article named by its title, a level-one heading", () => {
    view();
    const article = screen.getByRole("article", { name: "The First Date Checklist" });
    expect(within(article).getByRole("heading", { level: 1 })).toHaveTextContent("The First Date Checklist");
  });

  it("shows the first two categories only, as hashtags without spaces", () => {
    view();
    const hashtags = within(screen.getByRole("list", { name: "Categories" })).getAllByRole("listitem");
    expect(hashtags.map((item) => item.textContent)).toEqual(["#FirstDates", "#DatingTips"]);
  });

  it("shows no hashtag list for an article without categories", () => {
    view({ categories: [] });
    expect(screen.queryByRole("list", { name: "Categories" })).toBeNull();
  });

  it("gives the cover, then the update date as a machine-readable time, then the body", () => {
    const { container } = view();
    const time = container.querySelector("time");
    expect(time).toHaveAttribute("datetime", "2024-03-04T09:30:00.000Z");
    expect(time?.parentElement).toHaveTextContent(/^Updated: March 4, 2024$/);
    const order = [screen.getByRole("img", { name: "The cover" }), time, screen.getByText("The body of the article.")];
    order.slice(1).forEach((element, i) => {
      expect(order[i]!.compareDocumentPosition(element!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  });

  it("says an article never updated is not updated yet, with no time", () => {
    const { container } = view({ updatedOn: null });
    expect(screen.getByText(/^Updated:/)).toHaveTextContent("Updated: not updated yet");
    expect(container.querySelector("time")).toBeNull();
  });
});

describe("ArticleSkeleton", () => {
  it("tells assistive technology that the article is loading", () => {
    render(<ArticleSkeleton />);
    expect(screen.getByRole("status", { name: "Loading the article" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("heading")).toBeNull();
  });
});
