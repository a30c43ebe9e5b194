/** @jest-environment node */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { generatedQueries, generatedTitles } from "../../../../scripts/lib/generated-titles";
import { buildSearchPieces, foldTitle, MANIFEST_PATH } from "@kindred/article";
import { cheapestCover, openSearchIndex, type Window } from "../../../../src/lib/search-query";
import { searchCard as card, writePieces } from "../../../support/search-pieces";

// The browser's side of the search index: which pieces it fetches for a query, that it fetches each
// one once while it succeeds, and that a query typed key by key narrows from the keys before it.
// (search-pieces.test.ts checks its answers against a plain filter at 100,000 titles.)

/** An index over these titles read from memory, with the list of files it fetched, in order. */
function indexOver(titles: string[], fail: (file: string) => boolean = () => false) {
  const pieces = buildSearchPieces(titles.map(card));
  const fetched: string[] = [];
  const index = openSearchIndex(async (file) => {
    fetched.push(file);
    if (fail(file)) throw new Error(`HTTP 503 for /${file}`);
    const text = pieces.get(file);
    if (text === undefined) throw new Error(`HTTP 404 for /${file}`);
    return text;
  });
  return { index, fetched };
}

const TITLES = ["First date ideas", "Texting after a date", "Safety first", "A second date", "Dating in your thirties"];

describe("cheapestCover", () => {
  const window = (start: number, length: number, cost: number): Window => ({ start, length, cost });

  it("covers the whole query with the windows whose costs add up to the least", () => {
    const halves = [window(0, 3, 5), window(3, 3, 5)];
    expect(cheapestCover([...halves, window(0, 6, 7)], 6)).toEqual([window(0, 6, 7)]);
    expect(cheapestCover([...halves, window(0, 6, 11)], 6)).toEqual(halves);
  });

  it("lets windows overlap, and counts a window already fetched as free", () => {
    // Units 0..4: two overlapping windows cover it; the free one is always taken.
    const chosen = cheapestCover([window(0, 3, 0), window(2, 3, 4), window(1, 3, 9), window(0, 5, 6)], 5);
    expect(chosen).toEqual([window(0, 3, 0), window(2, 3, 4)]);
  });
});

describe("openSearchIndex", () => {
  it("finds the titles that contain the query, newest first, and their cards", async () => {
    const { index } = indexOver(TITLES);
    const slots = await index.matches("  DATE ");
    // "Dating" holds no "date": the query is a piece of text, not a word's stem.
    expect(slots).toEqual([3, 1, 0]);
    expect((await index.cards(slots)).map((found) => found.title)).toEqual([
      "A second date",
      "Texting after a date",
      "First date ideas",
    ]);
    expect(await index.matches("first")).toEqual([2, 0]);
    expect(await index.matches("dat")).toEqual([4, 3, 1, 0]);
    expect(await index.matches("fourth")).toEqual([]);
  });

  it("fetches each piece once: asked again, it answers from what it has", async () => {
    const { index, fetched } = indexOver(TITLES);
    await index.cards(await index.matches("second date"));
    const first = [...fetched];
    expect(first).toContain(MANIFEST_PATH);
    expect(new Set(first).size).toBe(first.length);
    await index.cards(await index.matches("second date"));
    await index.matches("second");
    expect(fetched).toEqual(first);
  });

  it("forgets a failed fetch, so the next query fetches that piece again", async () => {
    let down = true;
    const { index, fetched } = indexOver(TITLES, (file) => down && file === MANIFEST_PATH);
    await expect(index.matches("date")).rejects.toThrow("HTTP 503 for /search/index.json");
    down = false;
    await expect(index.matches("date")).resolves.toEqual([3, 1, 0]);
    expect(fetched.filter((file) => file === MANIFEST_PATH)).toHaveLength(2);
  });

  it("finds the slots of the articles it indexed by their ids, and fetches nothing for none", async () => {
    const { index, fetched } = indexOver(TITLES);
    await expect(index.slotsOf([])).resolves.toEqual([]);
    expect(fetched).toEqual([]);
    await expect(index.slotsOf(["doc-3", "doc-99", "doc-0", "toString"])).resolves.toEqual([3, 0]);
  });
});

describe("a query typed key by key", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "search-query-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }), 60_000);

  it("answers every key of a typed query exactly, narrowing from the keys before it without the index", async () => {
    const titles = generatedTitles(10_000);
    const oldestFirst = titles.map(card);
    const typedDir = path.join(dir, "typed");
    writePieces(typedDir, buildSearchPieces(oldestFirst));
    const fetched: string[] = [];
    // One index for the whole visit, as in the browser: each key's query narrows the last ones'.
    const index = openSearchIndex((file) => {
      fetched.push(file);
      return readFile(path.join(typedDir, file), "utf8");
    });
    const folded = oldestFirst.map((article) => foldTitle(article.title));
    const plainFilter = (query: string): number[] => {
      const wanted = foldTitle(query.trim());
      return folded.flatMap((title, slot) => (title.includes(wanted) ? [slot] : [])).reverse();
    };
    let keys = 0;
    let keysWithoutIndex = 0;
    for (const query of generatedQueries(titles).filter((_, i) => i % 6 === 0)) {
      for (let length = 1; length <= query.length; length += 1) {
        const typed = query.slice(0, length);
        const before = fetched.length;
        expect({ typed, slots: await index.matches(typed) }).toEqual({ typed, slots: plainFilter(typed) });
        keys += 1;
        if (fetched.slice(before).every((file) => !file.startsWith("search/g/"))) keysWithoutIndex += 1;
      }
    }
    // Narrowing answered a good share of the keys from titles already fetched (153 of 337 when written).
    expect(keys).toBeGreaterThan(300);
    expect(keysWithoutIndex / keys).toBeGreaterThan(0.3);
  }, 150_000);
});
