/** @jest-environment node */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CreatePageArgs, CreatePagesArgs, Page, Reporter } from "gatsby";
import { createBlogPages, homeCatchesUnknownPaths } from "../../../../src/node/create-pages";
import { pagesShowing, readCardIndex } from "../../../../src/node/fast-lane/card-index";

// createPages writes the fast lane's card index into the site folder: a scratch one per run.
const siteFolder = mkdtempSync(path.join(tmpdir(), "create-pages-"));
afterAll(() => rmSync(siteFolder, { recursive: true, force: true }));
const store = { getState: () => ({ program: { directory: siteFolder } }) } as unknown as CreatePagesArgs["store"];

const reporter = () => ({ info: jest.fn(), panicOnBuild: jest.fn() });
const graphqlReturning = (result: unknown) =>
  jest.fn().mockResolvedValue(result) as unknown as CreatePagesArgs["graphql"];

describe("createBlogPages", () => {
  const article = (i: number, categories: string[] = ["Dating Tips"]) => ({
    id: `node-${i}`,
    slug: `article-${i}`,
    documentId: `doc-${i}`,
    blogId: `blog-${i}`,
    categories,
    // Newest first, as the query sorts them.
    lastUpdate: new Date(Date.UTC(2024, 5, 30 - i)).toISOString(),
  });

  const pagesFor = async (nodes: ReturnType<typeof article>[]) => {
    const createPage = jest.fn();
    const report = reporter();
    await createBlogPages({
      graphql: graphqlReturning({ data: { allBlogPost: { nodes } } }),
      reporter: report as unknown as Reporter,
      actions: { createPage } as unknown as CreatePagesArgs["actions"],
      store,
    });
    const pages = createPage.mock.calls.map(
      ([page]: [{ path: string; component: string; context: Record<string, unknown> }]) => page,
    );
    return { pages, report };
  };

  it("makes list pages of 6, each with its articles' node ids newest first, and one page per article whose context is its node id and its similar articles' ids", async () => {
    const nodes = Array.from({ length: 7 }, (_, i) => article(i));
    const { pages, report } = await pagesFor(nodes);
    expect(pages.map((page) => page.path)).toEqual([
      "/blog",
      "/blog/2",
      ...nodes.map((node) => `/blogarticle/${node.slug}`),
    ]);
    expect(pages[0]).toEqual({
      path: "/blog",
      component: path.resolve("src/templates/blog-list.tsx"),
      context: {
        currentPage: 1,
        numPages: 2,
        ids: ["node-0", "node-1", "node-2", "node-3", "node-4", "node-5"],
        changesAfter: nodes[0]!.lastUpdate,
      },
    });
    expect(pages[1]?.context).toEqual({
      currentPage: 2,
      numPages: 2,
      ids: ["node-6"],
      changesAfter: nodes[0]!.lastUpdate,
    });
    expect(pages[2]).toEqual({
      path: "/blogarticle/article-0",
      component: path.resolve("src/templates/blog-article.tsx"),
      context: { id: "node-0", similar: ["node-1", "node-2", "node-3"] },
    });
    expect(report.info).toHaveBeenCalledWith("7 published articles on 2 list pages");
  });

  it("gives every page the same context in another build of the same content, whatever the time", async () => {
    const nodes = Array.from({ length: 13 }, (_, i) => article(i, i % 2 ? ["A"] : ["A", "B"]));
    // Each build is a new process: load the module afresh at another time.
    const build = async (at: number) => {
      jest.useFakeTimers({ now: at });
      try {
        let fresh: typeof import("../../../../src/node/create-pages") | undefined;
        jest.isolateModules(() => {
          fresh = jest.requireActual<typeof import("../../../../src/node/create-pages")>(
            "../../../../src/node/create-pages",
          );
        });
        const createPage = jest.fn();
        await fresh!.createBlogPages({
          graphql: graphqlReturning({ data: { allBlogPost: { nodes } } }),
          reporter: reporter() as unknown as Reporter,
          actions: { createPage } as unknown as CreatePagesArgs["actions"],
          store,
        });
        return createPage.mock.calls;
      } finally {
        jest.useRealTimers();
      }
    };
    expect(await build(Date.UTC(2031, 0, 1))).toEqual(await build(Date.UTC(2024, 0, 1)));
  });

  /** Five articles over three categories, for the similar-articles rule. */
  const overlapping = () => [
    article(0, ["A", "B"]),
    article(1, ["A"]),
    article(2, ["C"]),
    article(3, ["B", "A"]),
    article(4, ["B"]),
  ];

  it("computes each article's similar articles by the similar-articles rule", async () => {
    const { pages } = await pagesFor(overlapping());
    const similar = Object.fromEntries(
      pages
        .filter((page) => page.path.startsWith("/blogarticle/"))
        .map((page) => [page.context.id, page.context.similar]),
    );
    expect(similar).toEqual({
      "node-0": ["node-3", "node-1", "node-4"],
      "node-1": ["node-0", "node-3"],
      "node-2": [],
      "node-3": ["node-0", "node-1", "node-4"],
      "node-4": ["node-0", "node-3"],
    });
  });

  it("leaves the fast lane an index of the pages that show each article's card: its list page and the pages it is similar on", async () => {
    await pagesFor([...overlapping(), ...Array.from({ length: 3 }, (_, i) => article(5 + i, ["D"]))]);
    const index = (await readCardIndex(siteFolder))!;
    expect(pagesShowing(index, "doc-0")).toEqual([
      "/blog",
      "/blogarticle/article-1",
      "/blogarticle/article-3",
      "/blogarticle/article-4",
    ]);
    expect(pagesShowing(index, "doc-2")).toEqual(["/blog"]);
    expect(pagesShowing(index, "doc-6")).toEqual(["/blog/2", "/blogarticle/article-5", "/blogarticle/article-7"]);
    // A page without cards is not in it.
    expect(index.pages).not.toContain("/blogarticle/article-2");
  });

  it("asks for changes after 1970 when there is no article yet", async () => {
    const { pages } = await pagesFor([]);
    expect(pages).toEqual([
      expect.objectContaining({
        path: "/blog",
        context: expect.objectContaining({ changesAfter: "1970-01-01T00:00:00.000Z" }),
      }),
    ]);
  });

  it("still makes /blog when there are no articles", async () => {
    const createPage = jest.fn();
    await createBlogPages({
      graphql: graphqlReturning({ data: { allBlogPost: { nodes: [] } } }),
      reporter: reporter() as unknown as Reporter,
      actions: { createPage } as unknown as CreatePagesArgs["actions"],
      store,
    });
    expect(createPage.mock.calls.map(([page]: [{ path: string }]) => page.path)).toEqual(["/blog"]);
  });

  it("fails the build when the articles cannot be queried", async () => {
    const createPage = jest.fn();
    const report = reporter();
    await createBlogPages({
      graphql: graphqlReturning({ errors: ["boom"] }),
      reporter: report as unknown as Reporter,
      actions: { createPage } as unknown as CreatePagesArgs["actions"],
      store,
    });
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
