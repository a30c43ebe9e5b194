/** @jest-environment node */
import type { BlogCardData } from "../../../../src/components/blog/BlogCard";
import { buildSearchPieces, type SearchCard } from "@kindred/article";
import { openSearchIndex } from "../../../../src/lib/search-query";
import { searchResultsPage } from "../../../../src/lib/search-results";

const built: SearchCard[] = Array.from({ length: 20 }, (_, n) => ({
  id: `doc-${n}`,
  slug: `date-${n}`,
  title: `Date idea ${n}`,
  categories: ["Dating"],
  image: `/static/${n}/card.webp`,
  lastUpdate: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
}));
const pieces = buildSearchPieces(built);
const index = () => openSearchIndex(async (file) => pieces.get(file)!);
const live = (id: string, title: string, day: number): BlogCardData => ({
  id,
  slug: id,
  title,
  categories: [],
  lastUpdate: new Date(Date.UTC(2025, 0, day)).toISOString(),
});

describe("searchResultsPage", () => {
  it("pages the matches newest first, six a page, with their cards", async () => {
    const page = await searchResultsPage(index(), "idea", 2, [], 6);
    expect(page.total).toBe(20);
    expect(page.page).toBe(2);
    expect(page.cards.map((card) => card.title)).toEqual([13, 12, 11, 10, 9, 8].map((n) => `Date idea ${n}`));
    expect(page.cards[0]).toMatchObject({ id: "doc-13", imageSrc: "/static/13/card.webp" });
  });

  it("puts live changes first, leaves out the built copy of a changed article, and pages across both", async () => {
    const changed = [
      live("doc-19", "Date idea 19, revised", 2),
      live("new-1", "A new date idea", 3),
      live("new-2", "Nothing to match", 4),
    ];
    const first = await searchResultsPage(index(), "date idea", 1, changed, 6);
    expect(first.total).toBe(21);
    expect(first.cards.map((card) => card.title)).toEqual([
      "A new date idea",
      "Date idea 19, revised",
      ...[18, 17, 16, 15].map((n) => `Date idea ${n}`),
    ]);
    const second = await searchResultsPage(index(), "date idea", 2, changed, 6);
    expect(second.cards.map((card) => card.title)).toEqual([14, 13, 12, 11, 10, 9].map((n) => `Date idea ${n}`));
  });

  it("shows the last page when asked for one past it", async () => {
    const page = await searchResultsPage(index(), "idea 1", 9, [], 6);
    expect(page.total).toBe(11);
    expect(page.page).toBe(2);
    expect(page.cards.map((card) => card.title)).toEqual([13, 12, 11, 10, 1].map((n) => `Date idea ${n}`));
  });
});
