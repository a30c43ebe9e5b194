import * as React from "react";
import { render, screen } from "@testing-library/react";
import type { BodyRules } from "@kindred/article";
import { CARD_RULES, renderBody as renderArticleBody } from "../../../../../support/article-body";
import { safeBlocks } from "@kindred/article";
import { BlockList } from "../../../../../../packages/article/src/components/BlockList";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";
import { TunedBlock } from "../../../../../../packages/article/src/components/TunedBlock";

const RULES = CARD_RULES;

/** The body as a reader sees it, on a site whose images come from images.kindred.example. */
const renderBody = (blocks: unknown[], rules: BodyRules = RULES, report?: (message: string) => void): HTMLElement =>
  renderArticleBody(blocks, rules, report);

// The text-variant and alignment tunes, in the shapes those tunes save, rendered as a reader sees them.

describe("the text variant and alignment tunes", () => {
  it("make a citation a quotation, a call-out a box and details an aside, each aligned as saved", () => {
    // Each class stands for its rule in article-body.module.css.
    const classes = new Proxy({}, { get: (_target, name) => String(name) });
    const { container: body } = render(
      <BodyClassesProvider value={classes}>
        <BlockList
          blocks={safeBlocks(
            [
              { type: "paragraph", data: { text: "Quoted" }, tunes: { textVariant: "citation" } },
              {
                type: "paragraph",
                data: { text: "Important" },
                tunes: { textVariant: "call-out", alignment: { alignment: "center" } },
              },
              { type: "paragraph", data: { text: "Aside" }, tunes: { textVariant: "details" } },
              { type: "header", data: { text: "Right", level: 2 }, tunes: { alignmentTune: { alignment: "right" } } },
              {
                type: "paragraph",
                data: { text: "Plain" },
                tunes: { textVariant: "", alignment: { alignment: "left" } },
              },
            ],
            undefined,
            RULES,
          )}
        />
      </BodyClassesProvider>,
    );
    const [citation, callOut, details, right, plain] = [...body.children];
    expect(citation!.tagName).toBe("BLOCKQUOTE");
    expect(citation).toHaveClass("citation");
    expect(callOut).toHaveAttribute("data-variant", "call-out");
    expect(callOut).toHaveClass("callOut", "alignCenter");
    expect(details!.tagName).toBe("ASIDE");
    expect(right).toHaveAttribute("data-text-align", "right");
    expect(right!.querySelector("h2")).toHaveTextContent("Right");
    expect(plain!.tagName).toBe("P");
    expect(plain).not.toHaveAttribute("class");
  });

  it("ignore values no tune saves", () => {
    const body = renderBody([
      {
        type: "paragraph",
        data: { text: "x" },
        tunes: { textVariant: "<script>", alignment: { alignment: "justify;color:red" }, anchor: { id: "a" } },
      },
    ]);
    expect(body.children[0]!.tagName).toBe("P");
  });
});

describe("TunedBlock", () => {
  const classes = {
    alignCenter: "centre",
    alignRight: "right",
    callOut: "call-out",
    citation: "cite",
    details: "aside",
  };

  it("aligns a block with no variant in a plain box", () => {
    const { container } = render(
      <BodyClassesProvider value={classes}>
        <TunedBlock tunes={{ alignment: "right" }}>
          <p>Signed, Maya</p>
        </TunedBlock>
      </BodyClassesProvider>,
    );
    const box = container.firstElementChild!;
    expect(box.tagName).toBe("DIV");
    expect(box).toHaveClass("right");
    expect(box).toHaveAttribute("data-text-align", "right");
    expect(box).not.toHaveAttribute("data-variant");
    expect(screen.getByText("Signed, Maya").parentElement).toBe(box);
  });

  it("draws a citation as a quotation, with both classes when it is also aligned", () => {
    render(
      <BodyClassesProvider value={classes}>
        <TunedBlock tunes={{ variant: "citation", alignment: "center" }}>
          <p>Quoted</p>
        </TunedBlock>
      </BodyClassesProvider>,
    );
    const quote = screen.getByRole("blockquote");
    expect(quote).toHaveClass("cite", "centre");
    expect(quote).toHaveAttribute("data-variant", "citation");
  });

  it("has no class in the feed, where there are none, but still says its variant", () => {
    const { container } = render(
      <TunedBlock tunes={{ variant: "call-out" }}>
        <p>Note</p>
      </TunedBlock>,
    );
    expect(container.innerHTML).toBe('<div data-variant="call-out"><p>Note</p></div>');
  });
});
