import * as React from "react";
import { render, screen } from "@testing-library/react";
import { renderBody } from "../../../../../support/article-body";
import { ImageBlock } from "../../../../../../packages/article/src/components/ImageBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

const IMAGE = {
  type: "image" as const,
  url: "/blog-images/cafe.webp",
  alt: "A quiet café",
  caption: "A <i>quiet</i> café",
  stretched: false,
  withBorder: false,
  withBackground: false,
};

describe("the official simple-image tool", () => {
  it("renders simple-image with its caption and options", () => {
    const body = renderBody([
      {
        type: "simpleImage",
        data: {
          url: "/blog-images/cafe.webp",
          caption: "A <i>quiet</i> café",
          withBorder: true,
          withBackground: false,
          stretched: true,
        },
      },
    ]);
    const figure = body.querySelector("figure")!;
    expect(figure).toHaveAttribute("data-border", "true");
    expect(figure).toHaveAttribute("data-stretched", "true");
    expect(figure).toHaveAttribute("data-background", "false");
    expect(screen.getByRole("img", { name: "A quiet café" })).toHaveAttribute("src", "/blog-images/cafe.webp");
  });
});

describe("ImageBlock", () => {
  const classes = { image: "image", stretched: "wide", bordered: "border", withBackground: "bg" };

  it("loads the picture lazily, named by its alt text, with its caption's inline HTML", () => {
    const { container } = render(<ImageBlock block={IMAGE} />);
    const img = screen.getByRole("img", { name: "A quiet café" });
    expect(img).toHaveAttribute("src", "/blog-images/cafe.webp");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("decoding", "async");
    expect(container.querySelector("figcaption")!.innerHTML).toBe("A <i>quiet</i> café");
  });

  it("adds a class for each option the editor set, and only those", () => {
    const { container } = render(
      <BodyClassesProvider value={classes}>
        <ImageBlock block={{ ...IMAGE, stretched: true, withBackground: true }} />
        <ImageBlock block={IMAGE} />
      </BodyClassesProvider>,
    );
    const [options, plain] = [...container.querySelectorAll("figure")];
    expect(options!.className).toBe("image wide bg");
    expect(plain!.className).toBe("image");
  });

  it("has no caption when the editor wrote none, and no class in the feed", () => {
    const { container } = render(<ImageBlock block={{ ...IMAGE, caption: "" }} />);
    expect(container.querySelector("figcaption")).toBeNull();
    expect(container.querySelector("figure")).not.toHaveAttribute("class");
  });
});
