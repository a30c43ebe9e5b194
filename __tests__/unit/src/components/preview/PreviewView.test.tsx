import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { safeBlocks } from "@kindred/article";
import type { BlogCardData } from "../../../../../src/components/blog/BlogCard";
import { PREVIEW_MARK, PreviewView } from "../../../../../src/components/preview/PreviewView";
import type { PreviewArticle } from "../../../../../src/lib/preview-article";

// A draft in the editors' preview: the article page's own view under a bar that says it is a
// preview, of which save, whether the live page differs, and what the build would leave out.

const draft = (overrides: Partial<PreviewArticle> = {}): PreviewArticle => ({
  blogId: "blog-1",
  title: "A first date plan",
  slug: "a-first-date-plan",
  categories: ["First Dates"],
  lastUpdate: "2025-03-04T09:30:00.000Z",
  updatedOn: null,
  image: "https://images.example/cover.webp",
  blocks: safeBlocks([{ type: "paragraph", data: { text: "Pick a <b>quiet</b> place." } }]),
  published: false,
  warnings: [],
  ...overrides,
});

const similar: BlogCardData[] = [
  {
    id: "doc-2",
    slug: "texting-after-a-date",
    title: "Texting after a date",
    categories: ["First Dates"],
    lastUpdate: "2025-01-01T00:00:00.000Z",
  },
];

describe("PreviewView", () => {
  it("marks the draft as a preview, with the time of the save it shows", () => {
    render(<PreviewView article={draft()} similar={[]} />);
    const bar = screen.getByRole("status");
    expect(bar).toHaveTextContent(PREVIEW_MARK);
    expect(bar).toHaveAttribute("aria-live", "polite");
    expect(within(bar).getByText(/March 4, 2025/)).toHaveAttribute("datetime", "2025-03-04T09:30:00.000Z");
    expect(bar).not.toHaveTextContent("live page");
  });

  it("says the live page shows the last published build, for a published article", () => {
    render(<PreviewView article={draft({ published: true })} similar={[]} />);
    expect(screen.getByRole("status")).toHaveTextContent("the live page shows the last published build");
  });

  it("draws the draft as the article page does: title, hashtag, cover and body", () => {
    const { container } = render(<PreviewView article={draft()} similar={[]} />);
    const article = screen.getByRole("article", { name: "A first date plan" });
    expect(article).toHaveTextContent("#FirstDates");
    expect(within(article).getByText("quiet").tagName).toBe("B");
    expect(container.querySelector("article img")).toHaveAttribute("src", "https://images.example/cover.webp");
  });

  it("keeps the cover's place empty when the build would leave the cover out", () => {
    const { container } = render(<PreviewView article={draft({ image: null })} similar={[]} />);
    expect(container.querySelector("article img")).toBeNull();
    expect(container.querySelector('article [aria-hidden="true"]')).not.toBeNull();
  });

  it("lists what the build would leave out, counting it in words", () => {
    const { rerender } = render(<PreviewView article={draft()} similar={[]} />);
    expect(screen.queryByText(/will leave out/)).toBeNull();
    rerender(<PreviewView article={draft({ warnings: ['field "content" block 2: left out'] })} similar={[]} />);
    expect(screen.getByText("The build will leave out one thing")).toBeInTheDocument();
    rerender(
      <PreviewView
        article={draft({ warnings: ['field "content" block 2: left out', 'field "featureImage" is refused'] })}
        similar={[]}
      />,
    );
    const details = screen.getByText("The build will leave out 2 things").closest("details")!;
    expect(
      within(details)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(['field "content" block 2: left out', 'field "featureImage" is refused']);
  });

  it("shows the similar articles under the draft, as the article page would", () => {
    render(<PreviewView article={draft()} similar={similar} />);
    const section = screen.getByRole("region", { name: "Similar articles you may like" });
    expect(within(section).getByRole("link")).toHaveAttribute("href", "/blogarticle/texting-after-a-date");
  });
});
