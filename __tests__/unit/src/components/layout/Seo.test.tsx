import * as React from "react";
import { render, waitFor } from "@testing-library/react";
import { Seo } from "../../../../../src/components/layout/Seo";
import { articleOgImage, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../../../../../src/lib/og-image";
import { FEED_PATH, THEME_COLOR } from "../../../../../src/lib/site-files";

// A page's head: its title, description, canonical address and sharing tags, from its own props and
// the site's metadata (the Gatsby mock answers the static query with https://kindred.test, "Kindred").

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

/** Renders the head and waits until react-helmet has written this title. */
async function head(element: React.ReactElement, title: string): Promise<void> {
  render(element);
  await waitFor(() => expect(document.title).toBe(title));
}

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

describe("Seo", () => {
  it("titles a page after itself and the site, with the site's description by default", async () => {
    await head(<Seo title="Blog" path="/blog" />, "Blog | Kindred");
    expect(meta('meta[name="description"]')).toBe("Kindred is the dating app for meaningful connections.");
    expect(meta('meta[property="og:title"]')).toBe("Blog | Kindred");
    expect(meta('meta[name="twitter:title"]')).toBe("Blog | Kindred");
    expect(meta('meta[property="og:site_name"]')).toBe("Kindred");
  });

  it("does not repeat the site's name in a title that is the site's name", async () => {
    await head(<Seo title="Kindred" path="/" />, "Kindred");
  });

  it("names its own absolute address as canonical and as og:url", async () => {
    await head(<Seo title="Terms" description="The terms." path="/terms" />, "Terms | Kindred");
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://kindred.test/terms");
    expect(meta('meta[property="og:url"]')).toBe("https://kindred.test/terms");
    expect(meta('meta[name="description"]')).toBe("The terms.");
    expect(meta('meta[property="og:description"]')).toBe("The terms.");
    expect(meta('meta[property="og:type"]')).toBe("website");
  });

  it("gives one of the site's own sharing images with its size and type, as an absolute address", async () => {
    await head(
      <Seo title="A date" path="/blogarticle/a-date" type="article" image={articleOgImage("a-date")} />,
      "A date | Kindred",
    );
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:image"]')).toBe("https://kindred.test/og/blogarticle/a-date.jpg");
    expect(meta('meta[name="twitter:image"]')).toBe("https://kindred.test/og/blogarticle/a-date.jpg");
    expect(meta('meta[property="og:image:width"]')).toBe(String(OG_IMAGE_WIDTH));
    expect(meta('meta[property="og:image:height"]')).toBe(String(OG_IMAGE_HEIGHT));
    expect(meta('meta[property="og:image:type"]')).toBe("image/jpeg");
  });

  it("gives another image as it is, without claiming a size for it", async () => {
    await head(
      <Seo title="A date" path="/blogarticle/a-date" image="https://images.example/cover.webp" />,
      "A date | Kindred",
    );
    expect(meta('meta[property="og:image"]')).toBe("https://images.example/cover.webp");
    expect(document.head.querySelector('meta[property="og:image:width"]')).toBeNull();
  });

  it("uses the site's sharing image by default", async () => {
    await head(<Seo title="Blog" path="/blog" />, "Blog | Kindred");
    expect(meta('meta[property="og:image"]')).toBe("https://kindred.test/og-image.jpg");
    expect(meta('meta[property="og:image:width"]')).toBe(String(OG_IMAGE_WIDTH));
  });

  it("keeps a page out of search results only when asked", async () => {
    await head(<Seo title="Blog" path="/blog" />, "Blog | Kindred");
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    await head(<Seo title="Page not found" path="/404" noindex />, "Page not found | Kindred");
    expect(meta('meta[name="robots"]')).toBe("noindex");
  });

  it("links the blog's feed and gives the brand colour, on every page", async () => {
    await head(<Seo title="Blog" path="/blog" />, "Blog | Kindred");
    const feed = document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
    expect(feed).toHaveAttribute("href", FEED_PATH);
    expect(feed).toHaveAttribute("title", "Kindred blog");
    expect(meta('meta[name="theme-color"]')).toBe(THEME_COLOR);
  });
});
