import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { FileBlock } from "../../../../../../packages/article/src/components/FileBlock";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// @editorjs/attaches, in the shape it saves, rendered as a reader sees it.

describe("an attachment", () => {
  const file = { url: "https://files.kindred.example/plan.pdf", name: "plan.pdf", size: 189952, extension: "pdf" };

  it("is a download of the file as saved, with its title, extension and size as people read them", () => {
    const body = renderBody([{ type: "attaches", data: { file, title: "Our first-date plan" } }]);
    const link = within(body).getByRole("link", { name: "Our first-date plan PDF · 185.5 KiB" });
    expect(link).toHaveAttribute("href", "https://files.kindred.example/plan.pdf");
    expect(link).toHaveAttribute("download");
  });

  it("is named by the file's name when its title is empty, and by the URL when both are", () => {
    const body = renderBody([
      { type: "attaches", data: { file: { ...file, extension: undefined }, title: "" } },
      { type: "attaches", data: { file: { url: "https://files.kindred.example/a%20map.webp" }, title: "" } },
    ]);
    expect(within(body).getByRole("link", { name: "plan.pdf PDF · 185.5 KiB" })).toBeInTheDocument();
    expect(within(body).getByRole("link", { name: "a map.webp WEBP" })).toBeInTheDocument();
  });

  it("is left out, and reported, unless its URL is http(s)", () => {
    const report = jest.fn();
    const body = renderBody(
      [{ type: "attaches", data: { file: { ...file, url: "javascript:alert(1)" }, title: "<b>x</b>" } }],
      RULES,
      report,
    );
    expect(body).toBeEmptyDOMElement();
    const reason = "attachment without an http(s) file URL; left out";
    expect(report.mock.calls).toEqual([[`block 0: ${reason}`, { block: 0, type: "attaches", reason }]]);
  });
});

describe("FileBlock", () => {
  const file = {
    type: "file" as const,
    href: "https://files.kindred.example/plan.pdf",
    title: "Plan",
    extension: "pdf",
    size: "2.0 KiB",
  };

  it("tells other sites' files apart: no referrer, no follow", () => {
    render(<FileBlock block={file} />);
    expect(screen.getByRole("link", { name: "Plan PDF · 2.0 KiB" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );
  });

  it("links a file of this site plainly, and names only its title when it has no type or size", () => {
    render(<FileBlock block={{ ...file, href: "/blog-images/plan.pdf", extension: "", size: "" }} />);
    const link = screen.getByRole("link", { name: "Plan" });
    expect(link).not.toHaveAttribute("rel");
    expect(link).toHaveAttribute("download");
    expect(link.closest("p")).toHaveAttribute("data-block", "file");
  });
});
