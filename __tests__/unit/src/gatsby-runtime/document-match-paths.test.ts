/** @jest-environment node */
import documentMatchPathsOnServer, { documentMatchPaths } from "../../../../src/gatsby-runtime/document-match-paths";

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
