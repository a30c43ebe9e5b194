import * as React from "react";
import { render, screen } from "@testing-library/react";
import { QuoteBlock } from "../../../../../../packages/article/src/components/QuoteBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

const QUOTE = {
  type: "quote" as const,
  html: "Be <i>kind</i>.",
  caption: "Maya <b>Rao</b>",
  alignment: "left" as const,
};

describe("QuoteBlock", () => {
  it("is a quotation with its caption, both the editor's inline HTML", () => {
    const { container } = render(<QuoteBlock block={QUOTE} />);
    expect(screen.getByRole("blockquote").innerHTML).toBe("Be <i>kind</i>.");
    expect(container.querySelector("figcaption")!.innerHTML).toBe("Maya <b>Rao</b>");
    expect(container.querySelector("figure")).toHaveAttribute("data-alignment", "left");
  });

  it("is centred only when the editor centred it", () => {
    const { container } = render(
      <BodyClassesProvider value={{ quote: "quote", center: "centre" }}>
        <QuoteBlock block={{ ...QUOTE, alignment: "center" }} />
        <QuoteBlock block={QUOTE} />
      </BodyClassesProvider>,
    );
    const [centred, left] = [...container.querySelectorAll("figure")];
    expect(centred!.className).toBe("quote centre");
    expect(centred).toHaveAttribute("data-alignment", "center");
    expect(left!.className).toBe("quote");
  });

  it("has no caption when the editor wrote none, and no class in the feed", () => {
    const { container } = render(<QuoteBlock block={{ ...QUOTE, caption: "" }} />);
    expect(container.querySelector("figcaption")).toBeNull();
    expect(container.querySelector("figure")).not.toHaveAttribute("class");
  });
});
