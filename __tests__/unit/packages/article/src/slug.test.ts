import {
  articlePath,
  decodedAddress,
  slugFromArticleAddress,
  titleFromSlug,
} from "../../../../../packages/article/src/slug";

describe("titleFromSlug", () => {
  it("spells a slug's words with spaces", () => {
    expect(titleFromSlug("first-date-ideas")).toBe("first date ideas");
    expect(titleFromSlug("single")).toBe("single");
    expect(titleFromSlug("")).toBe("");
  });
});

describe("articlePath", () => {
  it("is the article's page under /blogarticle/", () => {
    expect(articlePath("first-date-ideas")).toBe("/blogarticle/first-date-ideas");
  });

  it("gives back the slug slugFromArticleAddress reads from it", () => {
    for (const slug of ["first-date-ideas", "a", "caf\u00e9-talk"])
      expect(slugFromArticleAddress(encodeURI(articlePath(slug)))).toBe(slug);
  });
});

describe("slugFromArticleAddress", () => {
  it("is what follows /blogarticle/, decoded, without trailing slashes", () => {
    expect(slugFromArticleAddress("/blogarticle/fresh-article")).toBe("fresh-article");
    expect(slugFromArticleAddress("/blogarticle/fresh-article/")).toBe("fresh-article");
    expect(slugFromArticleAddress("/blogarticle/caf%C3%A9")).toBe("café");
  });

  it("is empty for the fallback page's own address, other addresses and undecodable ones", () => {
    expect(slugFromArticleAddress("/blogarticle/[...slug]")).toBe("");
    expect(slugFromArticleAddress("/blogarticle/%5B...slug%5D")).toBe("");
    expect(slugFromArticleAddress("/blog/2")).toBe("");
    expect(slugFromArticleAddress("/blogarticle/%E0%A4%A")).toBe("");
  });
});

describe("decodedAddress", () => {
  it("decodes and drops trailing slashes, keeping the root, and is null for an undecodable address", () => {
    expect(decodedAddress("/caf%C3%A9//")).toBe("/café");
    expect(decodedAddress("/")).toBe("/");
    expect(decodedAddress("/a%2F")).toBe("/a");
    expect(decodedAddress("/%E0%A4%A")).toBeNull();
  });
});
