import { categoriesOf, draftOf, formOf, saveWords } from "../../../../../editors/src/editor/draft-form";

describe("the editing form", () => {
  it("lists the categories as typed: split at commas, trimmed, no empty one, no repeat", () => {
    expect(categoriesOf(" First Dates, Safety,,First Dates , ")).toEqual(["First Dates", "Safety"]);
    expect(categoriesOf("")).toEqual([]);
  });

  it("gives saveArticle the fields trimmed, and round-trips a saved article", () => {
    const fields = {
      title: "A plan",
      slug: "a-plan",
      categories: ["First Dates", "Safety"],
      featureImage: "https://example.com/a.webp",
      content: { time: 1, blocks: [{ type: "paragraph", data: { text: "Hi" } }], version: "2.31.7" },
    };
    expect(draftOf(formOf(fields))).toEqual(fields);
    expect(draftOf({ ...formOf(fields), title: "  A plan ", slug: " a-plan", featureImage: " x " })).toMatchObject({
      title: "A plan",
      slug: "a-plan",
      featureImage: "x",
    });
  });
});

describe("saveWords", () => {
  it('says "Saved" with the version, or why not, in words', () => {
    expect(saveWords({ kind: "saved", version: 4, at: new Date(2027, 1, 14, 7, 5, 9), blocksLeftOut: [] }, 4)).toBe(
      "Saved as version 4 at 07:05:09.",
    );
    expect(saveWords({ kind: "idle" }, 3)).toBe("Version 3 is open. Changes are saved as you type.");
    expect(saveWords({ kind: "idle" }, 0)).toBe("Changes are saved as you type.");
    expect(
      saveWords({ kind: "refused", reasons: [], message: "The build would not publish this article: title …." }, 1),
    ).toBe(
      "Not saved: The build would not publish this article: title …. What is marked below is saved as soon as it passes.",
    );
    expect(saveWords({ kind: "failed", message: "The service cannot be reached.", retryInMs: 5000 }, 1)).toBe(
      "Not saved: The service cannot be reached. Trying again in 5 s.",
    );
    expect(saveWords({ kind: "signed-out", message: "Sign in again." }, 1)).toBe("Not saved: Sign in again.");
    expect(saveWords({ kind: "conflict", latest: 5, message: "x" }, 1)).toBe(
      "Not saved: someone saved a newer version.",
    );
  });
});
