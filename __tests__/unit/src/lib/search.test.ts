import { matchesTitle, searchByTitle } from "../../../../src/lib/search";

describe("matchesTitle", () => {
  it("matches a substring regardless of case", () => {
    expect(matchesTitle("How to Plan a First Date", "first DATE")).toBe(true);
    expect(matchesTitle("How to Plan a First Date", "last date")).toBe(false);
  });

  it("trims the typed text", () => {
    expect(matchesTitle("Texting after a date", "   texting  ")).toBe(true);
  });

  it("matches every title for text of only spaces, as an empty substring would", () => {
    expect(matchesTitle("Anything", "   ")).toBe(true);
  });

  it("handles accents in either normal form", () => {
    expect(matchesTitle("The Café Date", "CAFÉ")).toBe(true);
    expect(matchesTitle("The Cafe\u0301 Date", "café")).toBe(true);
    expect(matchesTitle("The Café Date", "cafe ")).toBe(false);
  });

  it("matches emoji literally", () => {
    expect(matchesTitle("Texting 💬 without overthinking", "💬")).toBe(true);
  });

  it("treats regex characters as plain text", () => {
    expect(matchesTitle("Love & Money (part 2)?", "(part 2)?")).toBe(true);
    expect(matchesTitle("Love & Money", ".*")).toBe(false);
    expect(matchesTitle("Ask [me] anything", "[me]")).toBe(true);
  });
});

describe("searchByTitle", () => {
  it("keeps the order of the articles it is given", () => {
    const articles = [{ title: "Date ideas" }, { title: "Safety first" }, { title: "More date ideas" }];
    expect(searchByTitle(articles, "date").map((a) => a.title)).toEqual(["Date ideas", "More date ideas"]);
  });
});
