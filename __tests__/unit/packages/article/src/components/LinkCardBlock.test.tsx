import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { LinkCardBlock } from "../../../../../../packages/article/src/components/LinkCardBlock";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// @editorjs/link, in the shape it saves, rendered as a reader sees it; hostile input in what a
// server fetched.

describe("a link card", () => {
  const meta = {
    title: "Safety on a first date",
    description: "Ten habits that keep a date safe.",
    site_name: "Kindred",
    image: { url: "https://images.kindred.example/safety.webp" },
  };

  it("links to the page with its title, description and host, and the image of an allowed host", () => {
    const body = renderBody([{ type: "linkTool", data: { link: "https://www.kindred.app/safety", meta } }]);
    const link = within(body).getByRole("link");
    expect(link).toHaveAttribute("href", "https://www.kindred.app/safety");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(link).toHaveTextContent("Safety on a first date" + "Ten habits that keep a date safe." + "kindred.app");
    expect(link.querySelector("img")).toHaveAttribute("src", "https://images.kindred.example/safety.webp");
  });

  it.each([
    ["over http", "http://images.kindred.example/safety.webp"],
    ["from a host whose images are not allowed", "https://tracker.example/pixel.gif"],
    ["from a private address", "https://127.0.0.1/x.png"],
    ["as a javascript: URL", "javascript:alert(1)"],
  ])("has no image slot at all when the image comes %s", (_how, url) => {
    const body = renderBody([
      { type: "linkTool", data: { link: "https://a.example/", meta: { ...meta, image: { url } } } },
    ]);
    expect(body.querySelector("img")).toBeNull();
    expect(body.querySelector("[class*=Image]")).toBeNull();
  });

  it("shows a fetched title with markup in it as text, never as markup", () => {
    const hostile = '<img src=x onerror="alert(1)">Safety';
    const body = renderBody([
      {
        type: "linkTool",
        data: { link: "https://a.example/", meta: { title: hostile, description: "<script>alert(1)</script>" } },
      },
    ]);
    expect(body.querySelector("img, script, [onerror]")).toBeNull();
    expect(within(body).getByRole("link")).toHaveTextContent(`${hostile}<script>alert(1)</script>a.example`);
  });

  it("shows the text Editor.js saved with its entities escaped as the characters they stand for", () => {
    const body = renderBody([
      { type: "linkTool", data: { link: "https://a.example/", meta: { title: "Tips &amp; habits &lt;3" } } },
    ]);
    expect(within(body).getByRole("link")).toHaveTextContent(/^Tips & habits <3a\.example$/);
    expect(body.querySelector("b, img")).toBeNull();
  });

  it("is left out, and reported, unless the link is http(s)", () => {
    const report = jest.fn();
    expect(
      renderBody([{ type: "linkTool", data: { link: "javascript:alert(1)", meta } }], RULES, report),
    ).toBeEmptyDOMElement();
    expect(report.mock.calls[0]?.[0]).toBe("block 0: link card without an http(s) link; left out");
  });
});

describe("LinkCardBlock", () => {
  const card = { type: "linkCard" as const, href: "/blog", title: "Our blog", description: "", host: "", image: null };

  it("opens a page of this site in place, with no new tab and no rel", () => {
    render(<LinkCardBlock block={card} />);
    const link = screen.getByRole("link", { name: "Our blog" });
    expect(link).toHaveAttribute("href", "/blog");
    expect(link).not.toHaveAttribute("target");
    expect(link).not.toHaveAttribute("rel");
  });

  it("shows only what the card has: no description, host or image slot when they are empty", () => {
    const { container } = render(<LinkCardBlock block={card} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("link").textContent).toBe("Our blog");
  });

  it("opens another site in a new tab", () => {
    render(<LinkCardBlock block={{ ...card, href: "https://a.example/", host: "a.example" }} />);
    expect(screen.getByRole("link")).toHaveAttribute("target", "_blank");
  });
});
