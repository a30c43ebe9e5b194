import { livePage, mergeLiveArticles } from "../../../../src/lib/live-articles";
import type { BlogCardData } from "../../../../src/components/blog/BlogCard";

const card = (id: string, lastUpdate: string, title = `Title ${id}`): BlogCardData => ({
  id,
  slug: id,
  title,
  categories: [],
  lastUpdate,
});

const built = [card("a", "2024-05-05"), card("b", "2024-05-04"), card("c", "2024-05-03"), card("d", "2024-05-02")];

describe("mergeLiveArticles", () => {
  it("puts a new article at the top", () => {
    expect(mergeLiveArticles(built, [card("new", "2024-06-01")]).map((c) => c.id)).toEqual(["new", "a", "b", "c", "d"]);
  });

  it("replaces an edited article by id and moves it to its new place", () => {
    const merged = mergeLiveArticles(built, [card("c", "2024-06-02", "Edited title")]);
    expect(merged.map((c) => c.id)).toEqual(["c", "a", "b", "d"]);
    expect(merged[0]?.title).toBe("Edited title");
  });

  it("returns the same list when nothing changed", () => {
    expect(mergeLiveArticles(built, [])).toBe(built);
  });
});

describe("livePage", () => {
  const changed = [card("new", "2024-06-01"), card("c", "2024-06-02")];

  it("keeps page 1 at its size with the changes on top", () => {
    expect(livePage(built.slice(0, 2), changed, 1, 2).map((c) => c.id)).toEqual(["c", "new"]);
  });

  it("drops from later pages the articles that moved to page 1", () => {
    expect(livePage(built.slice(2), changed, 2, 2).map((c) => c.id)).toEqual(["d"]);
  });
});
