import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { navigate } from "gatsby";
import { ArticleBody } from "../../../../../src/components/article-body/ArticleBody";
import { safeBlocks } from "@kindred/article";

// A link in an article body to a page of this site (a site path once sanitized) opens through
// Gatsby's router, without reloading the page; anything the browser should handle itself (a new
// tab or window, another site, a file) is left to it.
const body = safeBlocks([
  {
    type: "paragraph",
    data: {
      text: [
        '<a href="https://kindred.app/blog?ref=a#top">blog</a>',
        '<a href="https://www.kindred.app/terms"><b>terms</b></a>',
        '<a href="/blog/2">page two</a>',
        '<a href="https://elsewhere.example/">elsewhere</a>',
        '<a href="/rss.xml">feed</a>',
        '<a href="mailto:hello@kindred.app">mail</a>',
      ].join(" "),
    },
  },
]);

/** Clicks a link and says whether the browser's own handling of the click was cancelled. */
function click(name: string, init: MouseEventInit = {}): boolean {
  // jsdom cannot follow a link: the click is cancelled here, after the page's own handlers ran.
  let prevented = false;
  const after = (event: Event): void => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", after);
  fireEvent.click(screen.getByRole("link", { name }), init);
  window.removeEventListener("click", after);
  return prevented;
}

beforeEach(() => jest.mocked(navigate).mockClear());

describe("links in an article body", () => {
  test("a link to a page of this site opens through the router, with its query and hash", () => {
    render(<ArticleBody blocks={body} />);
    expect(screen.getByRole("link", { name: "blog" })).toHaveAttribute("href", "/blog?ref=a#top");
    expect(click("blog")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/blog?ref=a#top");
  });

  test("a click on the text inside a link counts as a click on the link", () => {
    render(<ArticleBody blocks={body} />);
    fireEvent.click(screen.getByText("terms"));
    expect(navigate).toHaveBeenCalledWith("/terms");
  });

  test.each([
    ["Ctrl", { ctrlKey: true }],
    ["Meta (Cmd)", { metaKey: true }],
    ["Shift", { shiftKey: true }],
    ["Alt", { altKey: true }],
    ["the middle button", { button: 1 }],
  ])("a click with %s is left to the browser", (_how, init) => {
    render(<ArticleBody blocks={body} />);
    expect(click("page two", init)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  test.each([["elsewhere"], ["feed"], ["mail"]])("a link to %s is left to the browser", (name) => {
    render(<ArticleBody blocks={body} />);
    expect(click(name)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  test("a site link that opens in a new tab, or was already handled, is left alone", () => {
    const { container } = render(<ArticleBody blocks={body} />);
    const link = screen.getByRole("link", { name: "page two" });
    link.setAttribute("target", "_blank");
    expect(click("page two")).toBe(false);
    link.removeAttribute("target");
    const handled = (event: Event): void => event.preventDefault();
    link.addEventListener("click", handled);
    click("page two");
    expect(navigate).not.toHaveBeenCalled();
    link.removeEventListener("click", handled);
    expect(container.querySelector("[data-article-body]")).not.toBeNull();
  });

  test("links outside the body are not its business", () => {
    render(
      <div>
        <a href="/privacy">outside</a>
        <ArticleBody blocks={body} />
      </div>,
    );
    expect(click("outside")).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
