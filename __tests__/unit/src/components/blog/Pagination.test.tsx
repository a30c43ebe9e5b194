import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Pagination } from "../../../../../src/components/blog/Pagination";
import { ResponsiveImage } from "../../../../../src/components/ResponsiveImage";

describe("Pagination", () => {
  it("hides the previous arrow on page 1 and marks the current page", () => {
    render(<Pagination currentPage={1} numPages={5} />);
    const nav = screen.getByRole("navigation", { name: "Blog pages" });
    expect(within(nav).queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/2");
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(
      within(nav)
        .getAllByRole("link", { name: /^Page / })
        .map((a) => a.textContent),
    ).toEqual(["1", "2", "3"]);
    expect(screen.getByText("Total Pages: 5")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to page: 5" })).toHaveAttribute("href", "/blog/5");
  });

  it("hides the next arrow on the last page", () => {
    render(<Pagination currentPage={5} numPages={5} />);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog/4");
  });

  it("shows a single page without arrows", () => {
    render(<Pagination currentPage={1} numPages={1} />);
    expect(screen.queryByRole("link", { name: /Previous|Next/ })).toBeNull();
    expect(screen.getByText("Total Pages: 1")).toBeInTheDocument();
  });
});

describe("ResponsiveImage", () => {
  it("renders the build's formats as <source>s and reserves the image's size", () => {
    const { container } = render(
      <ResponsiveImage
        alt="A cover"
        image={{
          layout: "constrained",
          width: 480,
          height: 300,
          images: {
            fallback: {
              src: "/static/a.webp",
              srcSet: "/static/a.webp 480w",
              sizes: "(min-width: 480px) 480px, 100vw",
            },
            sources: [{ type: "image/avif", srcSet: "/static/a.avif 480w", sizes: "(min-width: 480px) 480px, 100vw" }],
          },
        }}
      />,
    );
    expect(container.querySelector("source")).toHaveAttribute("type", "image/avif");
    const img = screen.getByRole("img", { name: "A cover" });
    expect(img).toHaveAttribute("width", "480");
    expect(img).toHaveAttribute("height", "300");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("src", "/static/a.webp");
  });
});
