/** @jest-environment node */
import path from "node:path";
import type { CreatePageArgs, CreatePagesArgs, Page, Reporter } from "gatsby";
import { createBlogPages, homeCatchesUnknownPaths } from "../../../src/node/pages";

const reporter = () => ({ info: jest.fn(), panicOnBuild: jest.fn() });
const graphqlReturning = (result: unknown) => jest.fn().mockResolvedValue(result) as unknown as CreatePagesArgs["graphql"];

describe("createBlogPages", () => {
  it("makes list pages of 6 and one page per article whose context is only its node id", async () => {
    const nodes = Array.from({ length: 7 }, (_, i) => ({ id: `node-${i}`, slug: `article-${i}` }));
    const createPage = jest.fn();
    const report = reporter();
    await createBlogPages({ graphql: graphqlReturning({ data: { allBlogPost: { nodes } } }), reporter: report as unknown as Reporter, actions: { createPage } as unknown as CreatePagesArgs["actions"] });

    const pages = createPage.mock.calls.map(([page]: [{ path: string; component: string; context: Record<string, unknown> }]) => page);
    expect(pages.map((page) => page.path)).toEqual(["/blog", "/blog/2", ...nodes.map((node) => `/blogarticle/${node.slug}`)]);
    expect(pages[0]).toEqual({
      path: "/blog",
      component: path.resolve("src/templates/blog-list.tsx"),
      context: { currentPage: 1, numPages: 2, skip: 0, limit: 6, buildTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    expect(pages[1]?.context).toMatchObject({ currentPage: 2, numPages: 2, skip: 6, limit: 6 });
    expect(pages[2]).toEqual({ path: "/blogarticle/article-0", component: path.resolve("src/templates/blog-article.tsx"), context: { id: "node-0" } });
    expect(report.info).toHaveBeenCalledWith("7 published articles on 2 list pages");
  });

  it("still makes /blog when there are no articles", async () => {
    const createPage = jest.fn();
    await createBlogPages({ graphql: graphqlReturning({ data: { allBlogPost: { nodes: [] } } }), reporter: reporter() as unknown as Reporter, actions: { createPage } as unknown as CreatePagesArgs["actions"] });
    expect(createPage.mock.calls.map(([page]: [{ path: string }]) => page.path)).toEqual(["/blog"]);
  });

  it("fails the build when the articles cannot be queried", async () => {
    const createPage = jest.fn();
    const report = reporter();
    await createBlogPages({ graphql: graphqlReturning({ errors: ["boom"] }), reporter: report as unknown as Reporter, actions: { createPage } as unknown as CreatePagesArgs["actions"] });
    expect(report.panicOnBuild).toHaveBeenCalledWith("Could not query the blog articles", ["boom"]);
    expect(createPage).not.toHaveBeenCalled();
  });
});

describe("homeCatchesUnknownPaths", () => {
  const run = (page: Partial<Page>) => {
    const actions = { createPage: jest.fn(), deletePage: jest.fn() };
    homeCatchesUnknownPaths({ page: page as Page, actions: actions as unknown as CreatePageArgs["actions"] });
    return actions;
  };

  it("gives Home the match path /* so any unknown path shows it", () => {
    const home = { path: "/", component: "/src/pages/index.tsx", context: {} };
    const actions = run(home);
    expect(actions.deletePage).toHaveBeenCalledWith(home);
    expect(actions.createPage).toHaveBeenCalledWith({ ...home, matchPath: "/*" });
  });

  it("leaves other pages, and Home once it has its match path, alone", () => {
    expect(run({ path: "/terms" }).createPage).not.toHaveBeenCalled();
    expect(run({ path: "/", matchPath: "/*" }).createPage).not.toHaveBeenCalled();
  });
});
