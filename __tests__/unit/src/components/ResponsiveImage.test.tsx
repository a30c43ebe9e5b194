import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { imageSrc, ResponsiveImage } from "../../../../src/components/ResponsiveImage";

// A build-time processed image as a plain <picture>: its formats, its size reserved, how eagerly the
// browser fetches it, and the notice that it has loaded.

const cover: IGatsbyImageData = {
  layout: "constrained",
  width: 960,
  height: 540,
  images: {
    fallback: { src: "/static/c.jpg", srcSet: "/static/c.jpg 960w", sizes: "(min-width: 960px) 960px, 100vw" },
    sources: [
      { type: "image/avif", srcSet: "/static/c.avif 960w", sizes: "(min-width: 960px) 960px, 100vw" },
      { type: "image/webp", srcSet: "/static/c.webp 960w", sizes: "(min-width: 960px) 960px, 100vw" },
    ],
  },
};

afterEach(() => jest.restoreAllMocks());

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

  it("gives every format the slot it is told, instead of the image's own width", () => {
    const { container } = render(<ResponsiveImage image={cover} alt="" sizes="(min-width: 600px) 50vw, 100vw" />);
    const sizes = [...container.querySelectorAll("source, img")].map((element) => element.getAttribute("sizes"));
    expect(sizes).toEqual(Array.from({ length: 3 }, () => "(min-width: 600px) 50vw, 100vw"));
    expect([...container.querySelectorAll("source")].map((source) => source.getAttribute("type"))).toEqual([
      "image/avif",
      "image/webp",
    ]);
  });

  it("fetches the page's largest image first and decodes it at once; others are decoded off the way", () => {
    const { container, rerender } = render(
      <ResponsiveImage image={cover} alt="" loading="eager" fetchPriority="high" />,
    );
    const img = container.querySelector("img")!;
    expect(img).toHaveAttribute("fetchpriority", "high");
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).toHaveAttribute("decoding", "auto");
    rerender(<ResponsiveImage image={cover} alt="" />);
    expect(img).toHaveAttribute("fetchpriority", "auto");
    expect(img).toHaveAttribute("decoding", "async");
  });

  it("says it has loaded when it loads, and at once when it had loaded before React took over", () => {
    const onLoad = jest.fn();
    const { container, unmount } = render(<ResponsiveImage image={cover} alt="" onLoad={onLoad} />);
    expect(onLoad).not.toHaveBeenCalled();
    fireEvent.load(container.querySelector("img")!);
    expect(onLoad).toHaveBeenCalledTimes(1);
    unmount();

    jest.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    const already = jest.fn();
    render(<ResponsiveImage image={cover} alt="" onLoad={already} />);
    expect(already).toHaveBeenCalledTimes(1);
  });
});

describe("imageSrc", () => {
  it("is the fallback file's address, for the social tags, or nothing without an image", () => {
    expect(imageSrc(cover)).toBe("/static/c.jpg");
    expect(imageSrc(null)).toBeUndefined();
    expect(imageSrc(undefined)).toBeUndefined();
  });
});
