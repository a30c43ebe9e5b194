import {
  blogListPath,
  pageCount,
  pageNumbersAround,
  searchFromAddress,
  searchPath,
} from "../../../../src/lib/pagination";

describe("pagination", () => {
  it("fills pages of 6 cards", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(24)).toBe(4);
    expect(pageCount(25)).toBe(5);
  });

  it("names the list pages /blog, /blog/2, …", () => {
    expect(blogListPath(1)).toBe("/blog");
    expect(blogListPath(2)).toBe("/blog/2");
    expect(blogListPath(10)).toBe("/blog/10");
  });

  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3]],
    [2, 5, [1, 2, 3, 4]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [3, 4, 5]],
    [6, 10, [4, 5, 6, 7, 8]],
  ])("on page %i of %i shows page links %j", (current, total, expected) => {
    expect(pageNumbersAround(current, total)).toEqual(expected);
  });
});

describe("search addresses", () => {
  it("names the query, and the page after the first", () => {
    expect(searchPath("first date", 1)).toBe("/blog?q=first%20date");
    expect(searchPath("café & co", 3)).toBe("/blog?q=caf%C3%A9%20%26%20co&page=3");
  });

  it("reads back what it wrote, and page 1 for a missing or bad page", () => {
    expect(searchFromAddress("?q=caf%C3%A9%20%26%20co&page=3")).toEqual({ query: "café & co", page: 3 });
    expect(searchFromAddress("?q=date&page=0")).toEqual({ query: "date", page: 1 });
    expect(searchFromAddress("?q=date&page=two")).toEqual({ query: "date", page: 1 });
    expect(searchFromAddress("")).toEqual({ query: "", page: 1 });
  });
});
