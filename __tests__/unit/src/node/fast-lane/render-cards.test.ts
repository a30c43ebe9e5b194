/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildSearchPieces, type BlogPost, type SearchCard } from "@kindred/article";
import {
  cardsWithArticle,
  renderCardPages,
  searchPiecesWithTitle,
} from "../../../../../src/node/fast-lane/render-cards";
import {
  htmlPathOf,
  pageDataPathOf,
  type PageData,
  type PageRenderer,
} from "../../../../../plugins/gatsby-internals/page-renderer";

// The fast lane's redraw of an article's card after a title edit: the cards of a page with the
// article's as the node now has it (nothing else), and the search index's pieces as the build's own
// writer makes them for the retitled cards.

const post = (overrides: Partial<BlogPost> = {}): BlogPost =>
  ({
    documentId: "doc-a",
    blogId: "blog-a",
    title: "Coffee or a walk? A new title",
    slug: "coffee-or-a-walk",
    categories: ["First Dates", "Safety", "Ideas"],
    featureImageUrl: "https://images.example/a.jpg",
    published: true,
    lastUpdate: "2024-10-14T10:00:00.000Z",
    updatedOn: null,
    content: { blocks: [] },
    safeBlocks: [],
    description: "",
    leftOutBlocks: [],
    featureImageSource: null,
    ...overrides,
  }) as BlogPost;

/** A card as the BlogCardFields fragment returns it, fields in the query's order. */
const card = (id: string, title: string, lastUpdate = "2024-10-14T10:00:00.000Z") => ({
  documentId: id,
  slug: id === "doc-a" ? "coffee-or-a-walk" : `slug-${id}`,
  title,
  categories: ["First Dates", "Safety", "Ideas"],
  lastUpdate,
  featureImageUrl: "https://images.example/a.jpg",
  cardImage: { images: { fallback: { src: `/static/${id}.webp` } } },
});

describe("cardsWithArticle", () => {
  const cards = [card("doc-b", "B"), card("doc-a", "Coffee or a walk?"), card("doc-c", "C")];

  it("gives the article's card its new title, keeping every other field, the field order and the other cards", () => {
    const edited = cardsWithArticle(cards, post());
    expect("cards" in edited && JSON.stringify(edited.cards)).toBe(
      JSON.stringify([cards[0], { ...cards[1], title: "Coffee or a walk? A new title" }, cards[2]]),
    );
  });

  it("keeps the cover the build resolved, which the node does not hold", () => {
    const edited = cardsWithArticle(cards, post());
    expect("cards" in edited && edited.cards[1]!.cardImage).toBe(cards[1]!.cardImage);
  });

  it.each([
    ["lastUpdate", { lastUpdate: "2024-11-01T00:00:00.000Z" }],
    ["categories", { categories: ["Safety"] }],
    ["slug", { slug: "moved" }],
    ["featureImageUrl", { featureImageUrl: "https://images.example/new.jpg" }],
  ])("refuses a change of %s, which moves the card or changes its cover", (field, overrides) => {
    expect(cardsWithArticle(cards, post(overrides as Partial<BlogPost>))).toEqual({
      reason: `"${field}" changed on the article's card, which moves it or changes its cover`,
    });
  });

  it("refuses a page that shows no card of the article (an index from another build)", () => {
    expect(cardsWithArticle([cards[0]!], post())).toEqual({ reason: "shows no card of the article" });
  });

  it("refuses a card field it does not know", () => {
    expect(cardsWithArticle([{ ...cards[1], readingTime: 4 }], post())).toEqual({
      reason: 'cards ask for "readingTime", which the fast lane does not know',
    });
  });
});

describe("searchPiecesWithTitle", () => {
  let site: string;
  beforeEach(() => {
    site = mkdtempSync(path.join(tmpdir(), "render-cards-"));
  });
  afterEach(() => rmSync(site, { recursive: true, force: true }));

  const searchCard = (i: number, title: string): SearchCard => ({
    id: `doc-${i}`,
    slug: `slug-${i}`,
    title,
    categories: ["First Dates", "Safety"],
    image: `/static/${i}.webp`,
    lastUpdate: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
  });
  /** Writes the pieces of these cards as the build does, and answers them. */
  const build = (cards: (SearchCard | null)[]): Map<string, string> => {
    const pieces = buildSearchPieces(cards);
    for (const [file, text] of pieces) {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), text);
    }
    return pieces;
  };
  // Twenty articles in three chunks, with a hole, the article in the middle one.
  const cards = (titleOf12: string): (SearchCard | null)[] =>
    Array.from({ length: 20 }, (_, i) =>
      i === 5 ? null : searchCard(i, i === 12 ? titleOf12 : `Walks in spring ${i}`),
    );
  const retitled = (title: string): BlogPost =>
    post({
      documentId: "doc-12",
      slug: "slug-12",
      title,
      categories: ["First Dates", "Safety", "Ideas"],
      lastUpdate: searchCard(12, "").lastUpdate,
    });

  it("writes exactly the pieces whose text the build would change, with the build's text", async () => {
    const before = build(cards("Coffee dates"));
    const after = buildSearchPieces(cards("Tea, not coffee: अच्छा ☕"));
    const changed = [...after].filter(([file, text]) => before.get(file) !== text);
    expect(changed.length).toBeGreaterThan(1);
    const made = await searchPiecesWithTitle(site, retitled("Tea, not coffee: अच्छा ☕"));
    expect("files" in made && made.files.map(({ file, text }) => [file, text]).sort()).toEqual(changed.sort());
  });

  it("writes nothing when the title is the same", async () => {
    build(cards("Coffee dates"));
    expect(await searchPiecesWithTitle(site, retitled("Coffee dates"))).toEqual({ files: [] });
  });

  it("refuses an article whose search card changed more than its title", async () => {
    build(cards("Coffee dates"));
    expect(await searchPiecesWithTitle(site, { ...retitled("Tea"), lastUpdate: "2025-01-01T00:00:00.000Z" })).toEqual({
      reason: "the article's search card changed more than its title",
    });
  });

  it("refuses an article the index does not hold, and a site without an index", async () => {
    expect(await searchPiecesWithTitle(site, retitled("Tea"))).toEqual({
      reason: "the last build wrote no search index",
    });
    build(cards("Coffee dates"));
    expect(await searchPiecesWithTitle(site, { ...retitled("Tea"), documentId: "doc-99" })).toEqual({
      reason: "the search index has no card for the article",
    });
  });
});

describe("renderCardPages", () => {
  // The renderer and the finishing are Gatsby's and the build's (integration tests run them); here
  // they only say which page data they were given.
  const renderer = {
    pageDataText: (previous: PageData, resultJson: string) =>
      JSON.stringify({
        componentChunkName: previous.componentChunkName,
        path: previous.path,
        result: JSON.parse(resultJson),
      }),
  } as unknown as PageRenderer;
  const finish = async (pageData: PageData): Promise<string> =>
    `<p>${(pageData.result.data as { blogPostsByIds: { title: string }[] }).blogPostsByIds.map((c) => c.title).join("|")}</p>`;
  let publicDir: string;
  const listPage = (pagePath: string, html = true): void => {
    const data: PageData = {
      componentChunkName: "component---src-templates-blog-list-tsx",
      path: pagePath,
      result: { data: { blogPostsByIds: [card("doc-a", "Old title"), card("doc-b", "B")] }, pageContext: {} },
      staticQueryHashes: [],
    };
    mkdirSync(path.dirname(pageDataPathOf(publicDir, pagePath)), { recursive: true });
    writeFileSync(pageDataPathOf(publicDir, pagePath), JSON.stringify(data));
    if (!html) return;
    mkdirSync(path.dirname(htmlPathOf(publicDir, pagePath)), { recursive: true });
    writeFileSync(htmlPathOf(publicDir, pagePath), "<p>Old title|B</p>");
  };
  beforeEach(() => {
    publicDir = mkdtempSync(path.join(tmpdir(), "card-pages-"));
  });
  afterEach(() => rmSync(publicDir, { recursive: true, force: true }));
  const redraw = (pagePaths: string[]) =>
    renderCardPages({ publicDir, renderer, finish, post: post({ title: "New title" }), pagePaths });

  it("redraws each page showing the card, and passes over a page taken down since the index was written", async () => {
    listPage("/blog");
    const made = await redraw(["/blogarticle/taken-down", "/blog"]);
    if ("reason" in made) throw new Error(made.reason);
    expect(made.files.map(({ file }) => file)).toEqual(["blog/index.html", "page-data/blog/page-data.json"]);
    expect(made.files[0]!.text).toBe("<p>New title|B</p>");
  });

  it("refuses a page that has its HTML but no page data", async () => {
    listPage("/blog");
    mkdirSync(path.dirname(htmlPathOf(publicDir, "/blog/2")), { recursive: true });
    writeFileSync(htmlPathOf(publicDir, "/blog/2"), "<p>half a page</p>");
    const made = await redraw(["/blog", "/blog/2"]);
    expect(made).toEqual({ reason: "/blog/2 shows the article's card but has no page data" });
  });
});
