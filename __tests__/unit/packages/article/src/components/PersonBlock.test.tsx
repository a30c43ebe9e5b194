import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { PersonBlock } from "../../../../../../packages/article/src/components/PersonBlock";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// @editorjs/personality, in the shape it saves, rendered as a reader sees it; hostile input in its fields.

describe("a person card", () => {
  const person = {
    name: "Maya Rao",
    description: "Relationship coach <b>not bold</b>",
    link: "https://maya.example/about",
    photo: "https://images.kindred.example/maya.webp",
  };

  it("shows the photo of an allowed host, the name, the description as text and the link", () => {
    const body = renderBody([{ type: "personality", data: person }]);
    expect(body.querySelector("img")).toHaveAttribute("src", "https://images.kindred.example/maya.webp");
    expect(body).toHaveTextContent("Maya Rao");
    expect(body).toHaveTextContent("Relationship coach <b>not bold</b>");
    expect(body.querySelector("b")).toBeNull();
    expect(within(body).getByRole("link", { name: "maya.example/about" })).toHaveAttribute(
      "href",
      "https://maya.example/about",
    );
  });

  it("has no link for a javascript: address and no photo from a host that is not allowed", () => {
    const body = renderBody([
      {
        type: "personality",
        data: { ...person, link: "javascript:alert(document.cookie)", photo: "https://tracker.example/p.gif" },
      },
    ]);
    expect(body.querySelector("a, img")).toBeNull();
    expect(body).toHaveTextContent("Maya Rao");
  });
});

describe("PersonBlock", () => {
  const person = { type: "person" as const, name: "Maya Rao", description: "", link: null, photo: null };

  it("shows a link by its host and path, without www, and a site path as it is", () => {
    render(
      <>
        <PersonBlock block={{ ...person, link: "https://www.maya.example/" }} />
        <PersonBlock block={{ ...person, link: "https://maya.example/talks/dating" }} />
        <PersonBlock block={{ ...person, link: "/blog/2" }} />
      </>,
    );
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "maya.example",
      "maya.example/talks/dating",
      "/blog/2",
    ]);
    expect(screen.getByRole("link", { name: "/blog/2" })).not.toHaveAttribute("target");
    expect(screen.getByRole("link", { name: "maya.example" })).toHaveAttribute("target", "_blank");
  });

  it("gives the photo no text of its own: the name beside it says who", () => {
    const { container } = render(<PersonBlock block={{ ...person, photo: "https://images.kindred.example/m.webp" }} />);
    expect(container.querySelector("img")).toHaveAttribute("alt", "");
    expect(screen.getByText("Maya Rao").tagName).toBe("STRONG");
    expect(container.querySelectorAll("p")).toHaveLength(1);
  });
});
