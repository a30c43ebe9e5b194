/** @jest-environment node */
import documentMatchPathsOnServer, { documentMatchPaths } from "../../../../src/gatsby-runtime/document-match-paths";
import { decodedAddress, slugFromArticleAddress } from "@kindred/article";

describe("documentMatchPaths", () => {
  it("lists nothing for a page opened at its own address, with or without a trailing slash", () => {
    expect(documentMatchPaths("/terms", "/terms")).toEqual([]);
    expect(documentMatchPaths("/terms", "/terms/")).toEqual([]);
    expect(documentMatchPaths("/", "/")).toEqual([]);
  });

  it("says that an address the server answered with another page belongs to that page, and only that address", () => {
    expect(documentMatchPaths("/", "/no/such/page/")).toEqual([{ path: "/", matchPath: "/no/such/page" }]);
    expect(documentMatchPaths("/blogarticle/[...slug]", "/blogarticle/fresh-article")).toEqual([
      { path: "/blogarticle/[...slug]", matchPath: "/blogarticle/fresh-article" },
    ]);
  });

  it("matches the decoded address, as Gatsby's router compares it", () => {
    expect(documentMatchPaths("/", "/caf%C3%A9")).toEqual([{ path: "/", matchPath: "/café" }]);
  });

  it("lists nothing for addresses the router would read as a pattern, or cannot decode", () => {
    expect(documentMatchPaths("/", "/:id/x")).toEqual([]);
    expect(documentMatchPaths("/", "/a/*rest")).toEqual([]);
    expect(documentMatchPaths("/", "/bad%E0%A4%A")).toEqual([]);
  });

  it("lists nothing without a page path, and nothing outside a browser", () => {
    expect(documentMatchPaths(undefined, "/anything")).toEqual([]);
    expect(documentMatchPathsOnServer).toEqual([]);
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
