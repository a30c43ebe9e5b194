import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "@kindred/article";
import { slugFromTitle } from "../../../../../editors/src/editor/slug";

describe("slugFromTitle", () => {
  it("makes the address the build accepts from a title", () => {
    expect(slugFromTitle("Plan a relaxed first date")).toBe("plan-a-relaxed-first-date");
    expect(slugFromTitle("  Café & crème: 10 ideas!  ")).toBe("cafe-creme-10-ideas");
    expect(slugFromTitle("Straße — Ærø, naïve")).toBe("strasse-aero-naive");
    expect(slugFromTitle("---")).toBe("");
    expect(slugFromTitle("")).toBe("");
  });

  it("keeps every slug it makes within the contract: the pattern, and at most MAX_SLUG_LENGTH characters", () => {
    const long = Array.from({ length: 40 }, (_, index) => `word${index}`).join(" ");
    const slug = slugFromTitle(long);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    // Cut at a word's end, never in the middle of one.
    expect(long.replace(/ /g, "-").startsWith(`${slug}-`)).toBe(true);
    for (const title of ["日本語のタイトル", "a", "A  B", "Emoji 😀 title", "x".repeat(150)]) {
      const made = slugFromTitle(title);
      if (made !== "") expect(made).toMatch(SLUG_PATTERN);
      expect(made.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    }
  });
});
