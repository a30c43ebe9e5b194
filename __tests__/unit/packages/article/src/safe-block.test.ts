import { headingTag, type SafeBlock } from "../../../../../packages/article/src/safe-block";

describe("headingTag", () => {
  const headers = (...levels: number[]): SafeBlock[] =>
    levels.map((level) => ({ type: "header", html: "x", level: level as 1 }));

  it("makes the article's top editor level h2, under the page title", () => {
    expect(headingTag(2, headers(2, 3))).toBe("h2");
    expect(headingTag(3, headers(2, 3))).toBe("h3");
    expect(headingTag(1, headers(1, 2))).toBe("h2");
  });

  it("caps deep levels at h6", () => {
    expect(headingTag(6, headers(1, 6))).toBe("h6");
  });
});
