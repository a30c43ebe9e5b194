/** @jest-environment node */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generatedQueries, generatedTitles } from "../../../../../scripts/lib/generated-titles";
import { searchByTitle } from "../../../../../src/lib/search";
import {
  assignSlots,
  buildSearchPieces,
  foldTitle,
  movedPieces,
  retitledPieces,
  type SearchCard,
} from "../../../../../packages/article/src/search-pieces";
import { openSearchIndex } from "../../../../../src/lib/search-query";
import { searchCard as card, writePieces } from "../../../../support/search-pieces";

describe("the search index in pieces", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "search-pieces-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }), 60_000);

  it("answers 260 queries over 100,000 titles exactly as a plain filter of every title, newest first", async () => {
    const titles = generatedTitles(100_000);
    // Slot n is the nth oldest; the list a visitor sees is newest first.
    const oldestFirst = titles.map(card);
    const newestFirst = [...oldestFirst].reverse();
    writePieces(dir, buildSearchPieces(oldestFirst));
    const index = openSearchIndex((file) => readFile(path.join(dir, file), "utf8"));
    const queries = generatedQueries(titles);
    expect(queries.length).toBeGreaterThanOrEqual(200);
    // The plain filter, with each title folded once rather than once per query (matchesTitle folds
    // both sides on every call); the first queries also go through searchByTitle itself.
    const folded = newestFirst.map((article) => foldTitle(article.title));
    const plainFilter = (query: string): string[] => {
      const wanted = foldTitle(query.trim());
      return newestFirst.filter((_, i) => folded[i]!.includes(wanted)).map((article) => article.id);
    };
    for (const query of queries.slice(0, 12))
      expect(plainFilter(query)).toEqual(searchByTitle(newestFirst, query).map((article) => article.id));
    let matchedSome = 0;
    let matchedNone = 0;
    for (const query of queries) {
      const expected = plainFilter(query);
      const slots = await index.matches(query);
      const found = slots.map((slot) => oldestFirst[slot]!.id);
      expect({ query, found: found.length }).toEqual({ query, found: expected.length });
      expect(found).toEqual(expected);
      if (expected.length > 0) matchedSome += 1;
      else matchedNone += 1;
    }
    // The set really covers both sides, and the cards read from the chunks are the articles.
    expect(matchedSome).toBeGreaterThan(150);
    expect(matchedNone).toBeGreaterThan(5);
    const someSlots = (await index.matches("date")).slice(0, 6);
    expect(await index.cards(someSlots)).toEqual(someSlots.map((slot) => oldestFirst[slot]));
    expect(await index.slotsOf(["doc-5", "doc-99999", "no-such-doc", "constructor"])).toEqual([5, 99_999]);
  }, 150_000);

  it("leaves holes out of every answer, the empty query's included", async () => {
    const cards = ["First date", "Second date", "Third date"].map(card);
    const holey = [cards[0]!, null, cards[2]!];
    const small = await mkdtemp(path.join(tmpdir(), "search-holes-"));
    writePieces(small, buildSearchPieces(holey));
    const index = openSearchIndex((file) => readFile(path.join(small, file), "utf8"));
    expect(await index.matches("date")).toEqual([2, 0]);
    expect(await index.matches("  ")).toEqual([2, 0]);
    expect(await index.matches("d")).toEqual([2, 0]);
    expect(await index.matches("second")).toEqual([]);
    await rm(small, { recursive: true, force: true });
  });
});

describe("assignSlots", () => {
  const article = (id: string, lastUpdate: string) => ({ id, lastUpdate });
  const key = ({ id, lastUpdate }: { id: string; lastUpdate: string }) => `${id}\n${lastUpdate}`;
  const a = article("a", "2024-01-01");
  const b = article("b", "2024-02-01");
  const c = article("c", "2024-03-01");

  it("numbers a first build oldest first", () => {
    expect(assignSlots(undefined, [c, b, a])).toEqual([a, b, c].map(key));
  });

  it("keeps every unchanged article's slot and appends an edited one, leaving a hole", () => {
    const edited = article("a", "2024-04-01");
    expect(assignSlots([a, b, c].map(key), [edited, c, b])).toEqual([null, key(b), key(c), key(edited)]);
  });

  it("renumbers when appending would break the order", () => {
    const older = article("d", "2023-01-01");
    expect(assignSlots([a, b, c].map(key), [c, b, a, older])).toEqual([older, a, b, c].map(key));
  });

  it("drops trailing holes", () => {
    expect(assignSlots([a, b, c].map(key), [b, a])).toEqual([a, b].map(key));
  });
});

describe("retitledPieces", () => {
  /** The files whose text differs from one set of pieces to the next (none may go: asserted apart). */
  const changed = (before: Map<string, string>, after: Map<string, string>): [string, string][] =>
    [...after].filter(([file, text]) => before.get(file) !== text).sort(([a], [b]) => (a < b ? -1 : 1));
  const retitle = (cards: (SearchCard | null)[], slot: number, title: string) =>
    cards.map((card, at) => (at === slot && card ? { ...card, title } : card));

  // Generated titles share a small vocabulary, so common pieces have postings long enough for own files.
  const cards: (SearchCard | null)[] = generatedTitles(3_000).map((title, at) =>
    at % 97 === 5 ? null : card(title, at),
  );
  const pieces = buildSearchPieces(cards);

  it.each([
    ["a new word", 1_234, (title: string) => `${title} and a rainy walk`],
    ["the first words gone", 2_999, (title: string) => title.split(" ").slice(2).join(" ")],
    ["a piece twice in one title, other scripts and emoji", 17, () => "Tea, tea and more tea: चाय ☕ चाय 💘"],
    ["the oldest slot", 0, (title: string) => `Why ${title}`],
    ["only the case changed: the card alone", 2_000, (title: string) => title.toUpperCase()],
  ])("writes exactly what buildSearchPieces changes: %s", (_, slot, titleOf) => {
    const title = titleOf(cards[slot]!.title);
    const after = buildSearchPieces(retitle(cards, slot, title));
    expect([...pieces.keys()].filter((file) => !after.has(file))).toEqual([]);
    const made = retitledPieces((file) => pieces.get(file), slot, title);
    expect("files" in made && [...made.files].sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(changed(pieces, after));
    // Folded titles are what is searched: a change of case changes the card's chunk alone.
    const folded = foldTitle(title) === foldTitle(cards[slot]!.title);
    expect("files" in made && (made.files.size === 1) === folded).toBe(true);
  });

  // 751 titles "zq" in slots 0 to 750: each of "z", "q" and "zq" has a posting of 1,502 characters
  // ("ku" and 750 gaps of "1"), over the 1,500 that give a posting its own file; one slot fewer
  // makes it 1,500 characters, kept in its shard.
  const zq = Array.from({ length: 751 }, (_, n) => card("zq", n));

  it("writes the own file of a posting that grows past the limit, as the build does", () => {
    const before = buildSearchPieces(retitle(zq, 300, "x"));
    expect([...before.keys()].filter((file) => file.endsWith(".txt"))).toEqual([]);
    const after = buildSearchPieces(zq);
    expect([...after.keys()].filter((file) => file.endsWith(".txt")).length).toBe(3);
    const made = retitledPieces((file) => before.get(file), 300, "zq");
    expect("files" in made && [...made.files].sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(changed(before, after));
  });

  it("refuses when an own file would go, which the fast lane cannot remove", () => {
    const before = buildSearchPieces(zq);
    const after = buildSearchPieces(retitle(zq, 300, "x"));
    expect([...before.keys()].filter((file) => file.endsWith(".txt") && !after.has(file)).length).toBe(3);
    const made = retitledPieces((file) => before.get(file), 300, "x");
    expect(made).toEqual({
      reason: expect.stringMatching(/^search\/g\/\w+-0\.txt would go, and the fast lane removes nothing$/),
    });
  });

  it("writes nothing when the title is the same, and refuses an empty slot or missing pieces", () => {
    expect(retitledPieces((file) => pieces.get(file), 1_234, cards[1_234]!.title)).toEqual({ files: new Map() });
    expect(retitledPieces((file) => pieces.get(file), 5, "x")).toEqual({
      reason: "slot 5 of the search index is empty",
    });
    expect(retitledPieces(() => undefined, 1_234, "x")).toEqual({ reason: "the search index has no manifest" });
  });
});

describe("movedPieces", () => {
  const sorted = (files: Map<string, string>): [string, string][] => [...files].sort(([a], [b]) => (a < b ? -1 : 1));
  const changed = (before: Map<string, string>, after: Map<string, string>): [string, string][] =>
    sorted(new Map([...after].filter(([file, text]) => before.get(file) !== text)));
  const keyOf = (card: SearchCard): string => `${card.id}\n${card.lastUpdate}`;
  /** What the build writes: slots kept from `previous` by assignSlots, then every piece. */
  const build = (previous: (string | null)[] | undefined, all: SearchCard[]) => {
    const newestFirst = [...all].sort((a, b) => b.lastUpdate.localeCompare(a.lastUpdate));
    const slots = assignSlots(previous, newestFirst);
    const byKey = new Map(all.map((card) => [keyOf(card), card]));
    return { slots, pieces: buildSearchPieces(slots.map((key) => (key === null ? null : byKey.get(key)!))) };
  };
  const newest = "2030-01-01T00:00:00.000Z";
  const articles = generatedTitles(3_000).map((title, at) => card(title, at));
  // Three articles gone since the slots were first given: three holes.
  const first = build(undefined, articles);
  const live = articles.filter((_, at) => at % 1_000 !== 7);
  const built = build(first.slots, live);

  it.each([
    ["an old article, newly titled", 1_234, (title: string) => `${title} and a rainy walk`],
    ["the oldest article, same title", 0, (title: string) => title],
    ["the newest article, other scripts and emoji", 2_999, () => "Tea, tea and more tea: चाय ☕ चाय 💘"],
  ])("moves a card to a new last slot exactly as the next build does: %s", (_, at, titleOf) => {
    const moved = { ...articles[at]!, title: titleOf(articles[at]!.title), lastUpdate: newest };
    const next = build(
      built.slots,
      live.map((article) => (article.id === moved.id ? moved : article)),
    );
    const from = built.slots.indexOf(keyOf(articles[at]!));
    expect(next.slots.indexOf(keyOf(moved))).toBe(built.slots.length);
    const made = movedPieces((file) => built.pieces.get(file), from, built.slots.length, moved);
    expect("files" in made && sorted(made.files)).toEqual(changed(built.pieces, next.pieces));
    expect("files" in made && made.files.has("search/index.json")).toBe(true);

    // Published again before the next build: the build gives it the same new slot, with its new date.
    const again = { ...moved, lastUpdate: "2030-01-02T00:00:00.000Z" };
    const later = build(
      built.slots,
      live.map((article) => (article.id === again.id ? again : article)),
    );
    const inPlace = movedPieces((file) => next.pieces.get(file), built.slots.length, built.slots.length, again);
    expect("files" in inPlace && sorted(inPlace.files)).toEqual(changed(next.pieces, later.pieces));
  });

  it.each([
    ["a plain title", "Seven questions for a second date"],
    ["other scripts and emoji", "पहली डेट से पहले ☕ 💘 and a walk"],
  ])("puts a new article's card in a new last slot exactly as the next build does: %s", (_, title) => {
    const added: SearchCard = { ...card(title, 0), id: "brand-new-article", slug: "brand-new", lastUpdate: newest };
    const next = build(built.slots, [...live, added]);
    expect(next.slots.indexOf(keyOf(added))).toBe(built.slots.length);
    const made = movedPieces((file) => built.pieces.get(file), null, built.slots.length, added);
    expect("files" in made && sorted(made.files)).toEqual(changed(built.pieces, next.pieces));
    // An article the index has already is not new.
    const known = { ...added, id: articles[5]!.id };
    expect(movedPieces((file) => built.pieces.get(file), null, built.slots.length, known)).toEqual({
      reason: `the search index already has a card for ${known.id}`,
    });
  });

  it("refuses what the build would renumber or split, or a slot that is not the next", () => {
    const read = (file: string) => built.pieces.get(file);
    const moved = { ...articles[10]!, lastUpdate: newest };
    expect(movedPieces(read, 10, built.slots.length + 1, moved)).toEqual({
      reason: `slot ${built.slots.length + 1} is not the search index's next slot`,
    });
    expect(movedPieces(read, 11, built.slots.length, moved)).toEqual({
      reason: "slot 11 of the search index holds another article",
    });
    expect(movedPieces(read, 7, built.slots.length, moved)).toEqual({ reason: "slot 7 of the search index is empty" });
    // 64 holes are kept; the 65th renumbers every slot.
    const holey = build(
      first.slots,
      articles.filter((_, at) => at % 40 !== 3 || at >= 64 * 40),
    );
    expect(JSON.parse(holey.pieces.get("search/index.json")!).holes.length).toBe(64);
    expect(movedPieces((file) => holey.pieces.get(file), 10, holey.slots.length, moved)).toEqual({
      reason: "one more empty slot makes the next build renumber every slot",
    });
    // 512 slots fill 64 shards of 8; a 513th doubles them.
    const full = build(undefined, articles.slice(0, 512));
    expect(movedPieces((file) => full.pieces.get(file), 10, 512, moved)).toEqual({
      reason: "one more slot splits the search index into more shards, which the next build writes whole",
    });
  });
});
