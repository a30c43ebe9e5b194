import { cardIndexOf, pagesShowing, type PageCards } from "../../../../../src/node/fast-lane/card-index";
import type { BlogPost } from "@kindred/article";
import { cardIndexWith, newCard } from "../../../../../src/node/fast-lane/render-move";

// The card index a move leaves must name, for every article, the pages the next build's index names:
// the pages whose cards changed as they now are, every other page as it was.

const showing = (index: ReturnType<typeof cardIndexOf>) =>
  Object.fromEntries(
    Object.keys(index.shownOn)
      .sort()
      .map((id) => [id, pagesShowing(index, id).sort()]),
  );

describe("cardIndexWith", () => {
  const before: PageCards[] = [
    { path: "/blog", documentIds: ["a", "b"] },
    { path: "/blog/2", documentIds: ["c", "d"] },
    { path: "/blogarticle/a", documentIds: ["c"] },
    { path: "/blogarticle/b", documentIds: [] },
    { path: "/blogarticle/c", documentIds: ["a", "d"] },
  ];

  it("moves cards between pages, adds a page that shows its first card, and drops an article shown nowhere", () => {
    // "d" moved to the top: the lists shift; it joins b's similar list (which showed none); "c" is
    // left on no page at all.
    const after: PageCards[] = [
      { path: "/blog", documentIds: ["d", "a"] },
      { path: "/blog/2", documentIds: ["b"] },
      { path: "/blogarticle/a", documentIds: [] },
      { path: "/blogarticle/b", documentIds: ["d"] },
      { path: "/blogarticle/c", documentIds: ["a", "d"] },
    ];
    const changed = new Map(
      after
        .map((page, at) => [page.path, { before: before[at]!.documentIds, after: page.documentIds }] as const)
        .filter(([, { before: was, after: now }]) => was.join() !== now.join()),
    );
    expect([...changed.keys()]).toEqual(["/blog", "/blog/2", "/blogarticle/a", "/blogarticle/b"]);
    expect(showing(cardIndexWith(cardIndexOf(before), changed))).toEqual(showing(cardIndexOf(after)));
  });
});

describe("newCard", () => {
  const shape = {
    documentId: "x",
    slug: "x",
    title: "X",
    categories: ["A"],
    lastUpdate: "2024-01-01T00:00:00.000Z",
    featureImageUrl: "",
    cardImage: { w: 1 },
  };
  const post = {
    title: "नई शुरुआत 💘",
    slug: "new-one",
    documentId: "new-id",
    categories: ["Safety", "First Dates"],
    lastUpdate: "2025-03-01T10:00:00.000Z",
    featureImageUrl: "https://pictures.example/cover.webp",
    updatedOn: null,
  } as unknown as BlogPost;

  it("reads each field the card asks for from the node, in the card's order, its cover from the store", () => {
    const made = newCard(shape, post, { w: 2 });
    expect("card" in made && JSON.stringify(made.card)).toBe(
      JSON.stringify({
        documentId: "new-id",
        slug: "new-one",
        title: "नई शुरुआत 💘",
        categories: ["Safety", "First Dates"],
        lastUpdate: "2025-03-01T10:00:00.000Z",
        featureImageUrl: "https://pictures.example/cover.webp",
        cardImage: { w: 2 },
      }),
    );
  });

  it("refuses a card field the node does not have", () => {
    expect(newCard({ ...shape, readingTime: 3 }, post, null)).toEqual({
      reason: 'cards ask for "readingTime", which the fast lane does not know',
    });
  });
});
