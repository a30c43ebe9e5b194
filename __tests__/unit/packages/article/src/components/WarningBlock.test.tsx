import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { WarningBlock } from "../../../../../../packages/article/src/components/WarningBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// @editorjs/warning, in the shape it saves, rendered as a reader sees it; hostile input in its fields.

describe("a warning", () => {
  it("is a note with its title and message as the editor's inline text", () => {
    const body = renderBody([
      { type: "warning", data: { title: "Meet in <b>public</b>", message: "Tell a friend <i>where</i>." } },
    ]);
    const note = within(body).getByRole("note");
    expect(note).toHaveTextContent(/^Meet in public\s*Tell a friend where\.$/);
    expect(note.querySelector("strong b")).toHaveTextContent("public");
    expect(note.querySelector("i")).toHaveTextContent("where");
  });

  it("keeps no script, handler or javascript: link", () => {
    const body = renderBody([
      {
        type: "warning",
        data: { title: '<img src=x onerror="alert(1)">Careful', message: '<a href="javascript:alert(1)">here</a>' },
      },
    ]);
    expect(body.querySelector("img, [onerror]")).toBeNull();
    expect(body.querySelector("a")).not.toHaveAttribute("href");
    expect(within(body).getByRole("note")).toHaveTextContent(/^Careful\s*here$/);
  });
});

describe("WarningBlock", () => {
  it("is a note with the warning classes, and no title paragraph when the title is empty", () => {
    render(
      <BodyClassesProvider value={{ warning: "warn", warningTitle: "warn-title" }}>
        <WarningBlock block={{ type: "warning", title: "", message: "Share your <b>plans</b>." }} />
      </BodyClassesProvider>,
    );
    const note = screen.getByRole("note");
    expect(note).toHaveClass("warn");
    expect(note).toHaveAttribute("data-block", "warning");
    expect(note.querySelector("strong, .warn-title")).toBeNull();
    expect(note.querySelector("p")!.innerHTML).toBe("Share your <b>plans</b>.");
  });

  it("has no message paragraph when the message is empty", () => {
    render(<WarningBlock block={{ type: "warning", title: "Heads up", message: "" }} />);
    const note = screen.getByRole("note");
    expect(note.querySelectorAll("p")).toHaveLength(1);
    expect(within(note).getByText("Heads up").tagName).toBe("STRONG");
  });
});
