import * as React from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { safeBlocks } from "@kindred/article";
import BlogArticleTemplate from "../../../../src/templates/blog-article";

// A built article's page from its query's data: the article itself, its head (sharing image, structured
// data), and its similar articles.

const cover: IGatsbyImageData = {
  layout: "constrained",
  width: 960,
  height: 540,
  images: {
    fallback: { src: "/static/abc/960x540.jpg", srcSet: "/static/abc/960x540.jpg 960w", sizes: "960px" },
    sources: [{ type: "image/avif", srcSet: "/static/abc/960x540.avif 960w", sizes: "960px" }],
  },
};

type Props = React.ComponentProps<typeof BlogArticleTemplate>;

/** The page's data as its query returns it, with `post` changed. */
function page(post: Record<string, unknown> = {}) {
  const data = {
    blogPost: {
      documentId: "doc-1",
      title: "The <First> Date Checklist",
      slug: "first-date-checklist",
      categories: ["First Dates", "Safety"],
      lastUpdate: "2024-03-04T09:30:00.000Z",
      updatedOn: "2024-04-01T08:00:00.000Z",
      featureImageUrl: "https://images.example/cover.webp",
      featureImage: cover,
      description: "Ten things to settle before a first date.",
      safeBlocks: safeBlocks([{ type: "paragraph", data: { text: "Pick a <b>quiet</b> place." } }]),
      similar: [
        {
          documentId: "doc-2",
          slug: "texting-after-a-date",
          title: "Texting after a date",
          categories: ["First Dates"],
          lastUpdate: "2024-02-01T00:00:00.000Z",
          featureImageUrl: "",
          cardImage: null,
        },
      ],
      ...post,
    },
    site: { siteMetadata: { siteUrl: "https://kindred.test" } },
  };
  return render(<BlogArticleTemplate {...({ data } as unknown as Props)} />);
}

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

/** The page's structured data, once react-helmet has written it. */
async function structuredData(): Promise<Record<string, unknown>> {
  await waitFor(() => expect(document.head.querySelector('script[type="application/ld+json"]')).not.toBeNull());
  const text = document.head.querySelector('script[type="application/ld+json"]')!.textContent ?? "";
  return JSON.parse(text) as Record<string, unknown>;
}

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

describe("an article's page", () => {
  it("shows the article: title, hashtags, the processed cover fetched first, and the body", () => {
    const { container } = page();
    const article = screen.getByRole("article", { name: "The <First> Date Checklist" });
    expect(
      within(article)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["#FirstDates", "#Safety"]);
    const img = container.querySelector("article picture img");
    expect(img).toHaveAttribute("src", "/static/abc/960x540.jpg");
    expect(img).toHaveAttribute("loading", "eager");
    expect(img).toHaveAttribute("fetchpriority", "high");
    expect(within(article).getByText("quiet").tagName).toBe("B");
  });

  it("keeps the cover's place when the article has no processed cover", () => {
    const { container } = page({ featureImage: null });
    expect(container.querySelector("article img")).toBeNull();
    expect(container.querySelector('article [aria-hidden="true"]')).not.toBeNull();
  });

  it("has a head titled from its slug, typed article, sharing the image the build drew for it", async () => {
    page();
    await waitFor(() => expect(document.title).toBe("first date checklist | Kindred"));
    expect(meta('meta[name="description"]')).toBe("Ten things to settle before a first date.");
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:image"]')).toBe("https://kindred.test/og/blogarticle/first-date-checklist.jpg");
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://kindred.test/blogarticle/first-date-checklist",
    );
  });

  it("describes itself as a BlogPosting, its cover as an absolute address", async () => {
    page();
    expect(await structuredData()).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "The <First> Date Checklist",
      description: "Ten things to settle before a first date.",
      image: "https://kindred.test/static/abc/960x540.jpg",
      datePublished: "2024-03-04T09:30:00.000Z",
      dateModified: "2024-04-01T08:00:00.000Z",
      mainEntityOfPage: "https://kindred.test/blogarticle/first-date-checklist",
      publisher: { "@type": "Organization", name: "Kindred" },
    });
    // A title cannot end the script early: every "<" is escaped.
    expect(document.head.querySelector('script[type="application/ld+json"]')!.textContent).not.toContain("<");
  });

  it("dates an article never updated by its last update, and leaves out a refused cover", async () => {
    page({ featureImage: null, featureImageUrl: "", updatedOn: null });
    const data = await structuredData();
    expect(data.dateModified).toBe("2024-03-04T09:30:00.000Z");
    expect(data).not.toHaveProperty("image");
  });

  it("shows its similar articles after it", () => {
    page();
    const similar = screen.getByRole("region", { name: "Similar articles you may like" });
    expect(within(similar).getByRole("link")).toHaveAttribute("href", "/blogarticle/texting-after-a-date");
    expect(
      screen.getByRole("article", { name: "The <First> Date Checklist" }).compareDocumentPosition(similar) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
