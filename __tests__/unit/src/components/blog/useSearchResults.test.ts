import * as React from "react";
import { act, renderHook } from "@testing-library/react";
import type { BlogCardData } from "../../../../../src/components/blog/BlogCard";
import type { SearchState } from "../../../../../src/components/blog/useSearchResults";
import { buildSearchPieces } from "@kindred/article";
import { searchCard } from "../../../../support/search-pieces";

// The blog search's hook over a site whose search index the test serves through fetch: when a query
// is looked up (after a pause in typing, at once for another page), that only the latest answer is
// shown, and what a failed fetch leaves.

const TITLES = ["First date ideas", "Texting after a date", "Safety first", "A second date", "Date night at home"];
const pieces = buildSearchPieces(TITLES.map(searchCard));

type Props = { query: string; page: number; attempt: number };
type Hook = (query: string, page: number, changed: BlogCardData[], attempt: number) => SearchState;

/** The hook from a fresh copy of its module (it keeps the search's code and index for the visit). */
function freshHook(): Hook {
  jest.resetModules();
  jest.doMock("react", () => React);
  return jest.requireActual<typeof import("../../../../../src/components/blog/useSearchResults")>(
    "../../../../../src/components/blog/useSearchResults",
  ).useSearchResults;
}

const NO_CHANGES: BlogCardData[] = [];

function search(initialProps: Props) {
  const useSearchResults = freshHook();
  return renderHook(({ query, page, attempt }: Props) => useSearchResults(query, page, NO_CHANGES, attempt), {
    initialProps,
  });
}

/** Lets the lazy imports and the fetches settle. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
  });
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

const titlesOf = (state: SearchState): string[] =>
  state.status === "found" ? state.cards.map((card) => card.title) : [state.status];

let fetched: string[];
let answer: (file: string) => Promise<{ ok: boolean; status: number; text: () => Promise<string> }>;
let warn: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  fetched = [];
  answer = async (file) => ({ ok: true, status: 200, text: async () => pieces.get(file) ?? "" });
  window.fetch = jest.fn((url: string) => {
    fetched.push(url);
    return answer(url.slice(1));
  }) as unknown as typeof fetch;
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  jest.dontMock("react");
  jest.dontMock("../../../../../src/lib/search-results");
});

describe("useSearchResults", () => {
  it("looks a typed query up 300 ms after the last key, and fetches nothing before", async () => {
    const { result, rerender } = search({ query: "", page: 1, attempt: 0 });
    for (const typed of ["d", "da", "dat", "date"]) {
      rerender({ query: typed, page: 1, attempt: 0 });
      await advance(100);
    }
    expect(fetched).toEqual([]);
    expect(result.current).toEqual({ status: "searching" });
    await advance(199);
    expect(fetched).toEqual([]);
    await advance(1);
    expect(fetched.length).toBeGreaterThan(0);
    expect(result.current).toMatchObject({ status: "found", total: 4, page: 1 });
    expect(titlesOf(result.current)).toEqual([
      "Date night at home",
      "A second date",
      "Texting after a date",
      "First date ideas",
    ]);
  });

  it("waits 450 ms for a query of one or two characters", async () => {
    const { result, rerender } = search({ query: "", page: 1, attempt: 0 });
    rerender({ query: "fi", page: 1, attempt: 0 });
    await advance(449);
    expect(fetched).toEqual([]);
    await advance(1);
    expect(titlesOf(result.current)).toEqual(["Safety first", "First date ideas"]);
  });

  it("looks up another page of the same query at once", async () => {
    const { result, rerender } = search({ query: "date", page: 1, attempt: 0 });
    await advance(300);
    expect(result.current).toMatchObject({ status: "found", page: 1 });
    rerender({ query: "date", page: 2, attempt: 0 });
    expect(result.current).toEqual({ status: "searching" });
    await advance(0);
    // Four matches make one page of six: the last page is shown.
    expect(result.current).toMatchObject({ status: "found", page: 1, total: 4 });
  });

  it("drops the answer of a query replaced while it was on its way, and warns only for the latest", async () => {
    let fail: () => void = () => undefined;
    const held = new Promise<void>((_resolve, reject) => (fail = () => reject(new Error("HTTP 503"))));
    // The index's first piece is held back, then fails: both queries were waiting for it.
    answer = async () => {
      await held;
      throw new Error("unreachable");
    };
    const { result, rerender } = search({ query: "", page: 1, attempt: 0 });
    rerender({ query: "safety", page: 1, attempt: 0 });
    await advance(300);
    rerender({ query: "second", page: 1, attempt: 0 });
    await advance(300);
    expect(result.current).toEqual({ status: "searching" });
    fail();
    await settle();
    expect(result.current).toEqual({ status: "failed" });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("fails with one warning when the index cannot be fetched, and fetches again on the next attempt", async () => {
    const served = answer;
    answer = async () => ({ ok: false, status: 503, text: async () => "" });
    const { result, rerender } = search({ query: "date", page: 1, attempt: 0 });
    await advance(300);
    expect(result.current).toEqual({ status: "failed" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toContain("HTTP 503");
    const failedFetches = fetched.length;

    answer = served;
    rerender({ query: "date", page: 1, attempt: 1 });
    await advance(0);
    expect(fetched.length).toBeGreaterThan(failedFetches);
    expect(titlesOf(result.current)).toHaveLength(4);
  });

  it("forgets search code that failed to load, and loads it again on the next attempt", async () => {
    const useSearchResults = freshHook();
    let loads = 0;
    jest.doMock("../../../../../src/lib/search-results", () => {
      loads += 1;
      if (loads === 1) throw new Error("ChunkLoadError: Loading chunk search failed");
      return jest.requireActual("../../../../../src/lib/search-results");
    });
    const { result, rerender } = renderHook(
      ({ attempt }: { attempt: number }) => useSearchResults("safety", 1, NO_CHANGES, attempt),
      { initialProps: { attempt: 0 } },
    );
    await advance(300);
    expect(result.current).toEqual({ status: "failed" });
    rerender({ attempt: 1 });
    await advance(0);
    expect(loads).toBe(2);
    expect(titlesOf(result.current)).toEqual(["Safety first"]);
  });
});
