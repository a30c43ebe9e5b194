import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { BlogCard, type BlogCardData } from "../../../../../src/components/blog/BlogCard";

// A blog card: the first category only, the cover, and the shimmering placeholder that stays until
// the cover has loaded. Here every CSS module class reads as its own name: "cardImage" is the
// placeholder's frame, "loaded" the state in which its stylesheet stops the shimmer.
jest.mock(
  "../../../../../src/components/blog/blog.module.css",
  () => new Proxy({}, { get: (_target, key) => (key === "__esModule" ? true : key) }),
);

const processed: IGatsbyImageData = {
  layout: "constrained",
  width: 480,
  height: 300,
  images: {
    fallback: { src: "/static/cover-480.webp", srcSet: "/static/cover-480.webp 480w", sizes: "480px" },
    sources: [{ type: "image/webp", srcSet: "/static/cover-480.webp 480w", sizes: "480px" }],
  },
};

const card = (overrides: Partial<BlogCardData> = {}): BlogCardData => ({
  id: "doc-1",
  slug: "first-date-checklist",
  title: "The First Date Checklist",
  categories: ["First Dates", "Dating Tips"],
  lastUpdate: "2024-03-04T09:30:00.000Z",
  image: processed,
  ...overrides,
});

/** The frame around the cover, which shows the placeholder until the cover has loaded. */
const frameOf = (img: HTMLElement): HTMLElement => img.closest(".cardImage") as HTMLElement;

afterEach(() => jest.restoreAllMocks());

describe("a blog card (B4)", () => {
  test("shows the first category only, the title and the time, and links to the article", () => {
    render(<BlogCard card={card()} />);
    const article = screen.getByRole("article");
    expect(article).toHaveTextContent("First Dates");
    expect(article).not.toHaveTextContent("Dating Tips");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("The First Date Checklist");
    expect(screen.getByRole("link")).toHaveAttribute("href", "/blogarticle/first-date-checklist");
  });

  test("shows no category line for an article without categories", () => {
    const { container } = render(<BlogCard card={card({ categories: [] })} />);
    expect(container.querySelector(".category")).toBeNull();
    expect(container.querySelector(".cardBody")?.firstElementChild?.tagName).toBe("H2");
  });

  test("shows the processed cover, lazily unless asked to load it at once", () => {
    const { container, rerender } = render(<BlogCard card={card()} />);
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("src", "/static/cover-480.webp");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(container.querySelector("source")).toHaveAttribute("type", "image/webp");
    rerender(<BlogCard card={card()} eager />);
    expect(container.querySelector("img")).toHaveAttribute("loading", "eager");
  });

  test("shows a search result's stored cover address when there is no processed image", () => {
    const { container } = render(<BlogCard card={card({ image: undefined, imageSrc: "/static/index-cover.webp" })} />);
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("img")).toHaveAttribute("src", "/static/index-cover.webp");
  });
});

describe("the card's placeholder (B4, ST5)", () => {
  test("shimmers until the processed cover has loaded, then stops", () => {
    const { container } = render(<BlogCard card={card()} />);
    const img = container.querySelector("img") as HTMLElement;
    const frame = frameOf(img);
    expect(frame).not.toHaveClass("loaded");
    fireEvent.load(img);
    expect(frame).toHaveClass("loaded");
  });

  test("shimmers until a search result's cover has loaded, then stops", () => {
    const { container } = render(<BlogCard card={card({ image: undefined, imageSrc: "/static/index-cover.webp" })} />);
    const img = container.querySelector("img") as HTMLElement;
    const frame = frameOf(img);
    expect(frame).not.toHaveClass("loaded");
    fireEvent.load(img);
    expect(frame).toHaveClass("loaded");
  });

  test("stops at once for a cover that had loaded before React took over the page", () => {
    jest.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    const { container } = render(<BlogCard card={card()} />);
    expect(frameOf(container.querySelector("img") as HTMLElement)).toHaveClass("loaded");
  });
});
