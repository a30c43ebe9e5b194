import * as React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { navigate } from "gatsby";
import { safeBlocks, type SafeBlock } from "@kindred/article";
import { ArticleBody } from "../../../../../src/components/article-body/ArticleBody";
import { BuiltArticleBody } from "../../../../../src/components/article-body/BuiltArticleBody.browser";

// The production browser bundle's BuiltArticleBody (src/node/browser-stand-ins.ts swaps it in): on a
// built page it keeps the body the build wrote, rendering no block, and only does what the renderers
// did in the browser (site links through the router, embeds on request). Without that HTML (the
// visitor came from another page) it loads the renderers and draws the body itself.

// ArticleBody as itself, counted: the stand-in must not render the blocks a built page already has.
jest.mock("../../../../../src/components/article-body/ArticleBody", () => {
  const actual = jest.requireActual<typeof import("../../../../../src/components/article-body/ArticleBody")>(
    "../../../../../src/components/article-body/ArticleBody",
  );
  return { ArticleBody: jest.fn(actual.ArticleBody) };
});

// jsdom has no CSS.escape, which browsers have: a stand-in that escapes what is not a plain letter.
const cssEscape = (value: string): string => value.replace(/[^\w-]/g, (character) => `\\${character}`);
beforeAll(() => {
  Object.assign(globalThis, { CSS: { ...(globalThis as { CSS?: object }).CSS, escape: cssEscape } });
});

const blocks = safeBlocks([
  { id: "p1", type: "paragraph", data: { text: 'Read <a href="https://kindred.app/blog">the blog</a> first.' } },
  {
    id: "e1",
    type: "embed",
    data: {
      service: "youtube",
      source: "https://www.youtube.com/watch?v=M7lc1UVf-VE",
      embed: "https://www.youtube.com/embed/M7lc1UVf-VE",
      width: 580,
      height: 320,
      caption: "A short film",
    },
  },
]);

/** A built page: the server's HTML of the article's body (BuiltArticleBody.tsx renders ArticleBody), in the document. */
function builtPage(slug: string, body: SafeBlock[] = blocks): HTMLElement {
  const page = document.createElement("div");
  page.innerHTML = renderToString(<ArticleBody blocks={body} slug={slug} />);
  document.body.append(page);
  jest.mocked(ArticleBody).mockClear();
  return page;
}

let errors: jest.SpyInstance;
beforeEach(() => {
  jest.mocked(navigate).mockClear();
  errors = jest.spyOn(console, "error");
});
afterEach(() => {
  errors.mockRestore();
  document.body.innerHTML = "";
});

describe("BuiltArticleBody in the browser, on a built page", () => {
  it("hydrates the server's HTML as it is, without rendering a block or a mismatch", async () => {
    const page = builtPage("first-date");
    const html = page.innerHTML;
    // Blocks that differ from the page's: the stand-in must not draw them.
    const other = safeBlocks([{ id: "x", type: "paragraph", data: { text: "Not this" } }]);
    await act(async () => {
      render(<BuiltArticleBody blocks={other} slug="first-date" />, { container: page, hydrate: true });
    });
    expect(page.innerHTML).toBe(html);
    expect(screen.queryByText("Not this")).toBeNull();
    expect(ArticleBody).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it("opens the body's links to the site through the router", async () => {
    const page = builtPage("first-date");
    await act(async () => {
      render(<BuiltArticleBody blocks={blocks} slug="first-date" />, { container: page, hydrate: true });
    });
    fireEvent.click(screen.getByRole("link", { name: "the blog" }));
    expect(navigate).toHaveBeenCalledWith("/blog");
  });

  it("loads an embed when the visitor asks for it, and not before", async () => {
    const page = builtPage("first-date");
    await act(async () => {
      render(<BuiltArticleBody blocks={blocks} slug="first-date" />, { container: page, hydrate: true });
    });
    expect(page.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Load the YouTube content/ }));
    expect(page.querySelector("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/M7lc1UVf-VE");
  });

  it("stops following the body's clicks once it is gone", async () => {
    const page = builtPage("first-date");
    const body = page.querySelector<HTMLElement>('[data-article-body="first-date"]')!;
    let unmount = (): void => undefined;
    await act(async () => {
      unmount = render(<BuiltArticleBody blocks={blocks} slug="first-date" />, {
        container: page,
        hydrate: true,
      }).unmount;
    });
    unmount();
    // The very element React let go of, back in the page: its clicks are the browser's own again
    // (jsdom cannot follow a link, so the window cancels them).
    document.body.append(body);
    const leaveToBrowser = (event: Event): void => event.preventDefault();
    window.addEventListener("click", leaveToBrowser);
    fireEvent.click(within(body).getByRole("link", { name: "the blog" }));
    window.removeEventListener("click", leaveToBrowser);
    fireEvent.click(within(body).getByRole("button", { name: /Load the YouTube content/ }));
    expect(navigate).not.toHaveBeenCalled();
    expect(body.querySelector("iframe")).toBeNull();
  });

  it("finds the body of an article whose slug has characters a selector must escape", async () => {
    const slug = 'a "quoted" slug]';
    const page = builtPage(slug);
    const html = page.innerHTML;
    await act(async () => {
      render(<BuiltArticleBody blocks={[]} slug={slug} />, { container: page, hydrate: true });
    });
    expect(page.innerHTML).toBe(html);
    expect(ArticleBody).not.toHaveBeenCalled();
  });
});

describe("BuiltArticleBody in the browser, without the server's HTML", () => {
  it("loads the renderers and draws the body from its blocks", async () => {
    const { container } = render(<BuiltArticleBody blocks={blocks} slug="first-date" />);
    expect(await screen.findByRole("link", { name: "the blog" })).toHaveAttribute("href", "/blog");
    expect(container.querySelector('[data-article-body="first-date"]')).not.toBeNull();
    expect(ArticleBody).toHaveBeenCalled();
  });

  it("does not take another article's body found in the page", async () => {
    builtPage("another-article", safeBlocks([{ id: "o", type: "paragraph", data: { text: "Another body" } }]));
    render(<BuiltArticleBody blocks={blocks} slug="first-date" />);
    expect(await screen.findByRole("link", { name: "the blog" })).toBeInTheDocument();
    expect(screen.getAllByText("Another body")).toHaveLength(1);
  });
});
