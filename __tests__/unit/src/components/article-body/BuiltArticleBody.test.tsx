import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { navigate } from "gatsby";
import { safeBlocks } from "@kindred/article";
import { ArticleBody } from "../../../../../src/components/article-body/ArticleBody";
import { BuiltArticleBody } from "../../../../../src/components/article-body/BuiltArticleBody";

// A built article's body where the build renders it (the HTML renderer, and `gatsby develop`): the
// one renderer's output, named after the article, which the browser's stand-in then finds in the
// page and keeps (BuiltArticleBody.browser.tsx).

const blocks = safeBlocks([
  { id: "h1", type: "header", data: { text: "Before the first date", level: 2 } },
  { id: "p1", type: "paragraph", data: { text: 'Read <a href="https://kindred.app/blog">the blog</a> first.' } },
]);

beforeEach(() => jest.mocked(navigate).mockClear());

describe("BuiltArticleBody", () => {
  it("renders the article's blocks as the site's article body, named after the article", () => {
    const { container } = render(<BuiltArticleBody blocks={blocks} slug="first-date" />);
    const body = container.querySelector('[data-article-body="first-date"]');
    expect(body).not.toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Before the first date" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "the blog" })).toHaveAttribute("href", "/blog");
  });

  it("writes in the page's HTML exactly what ArticleBody writes, for the browser to find and keep", () => {
    const built = renderToString(<BuiltArticleBody blocks={blocks} slug="first-date" />);
    expect(built).toBe(renderToString(<ArticleBody blocks={blocks} slug="first-date" />));
    expect(built).toContain('data-article-body="first-date"');
    expect(built).toContain("Before the first date");
  });

  it("opens the body's links to the site through the router, as ArticleBody does", () => {
    render(<BuiltArticleBody blocks={blocks} slug="first-date" />);
    fireEvent.click(screen.getByRole("link", { name: "the blog" }));
    expect(navigate).toHaveBeenCalledWith("/blog");
  });
});
