import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { PageProps } from "gatsby";
import BlogListTemplate, { type BlogListContext } from "../../../../src/templates/blog-list";
import type { BlogCardData, BlogCardNode } from "../../../../src/components/blog/BlogCard";

// The blog list's live updates, with the Firebase client replaced by a subscription the test
// drives: when Firebase is loaded at all (B15), and what a failure leaves on the page (E7).

type Subscribe = (
  config: unknown,
  since: string,
  onChange: (cards: BlogCardData[]) => void,
  onError: (error: Error) => void,
) => () => void;

let mockSubscribe: Subscribe = () => () => undefined;
const mockSubscriptions = jest.fn();

jest.mock("../../../../src/lib/firebase-client", () => ({
  subscribeToChangesSince: (...args: Parameters<Subscribe>) => {
    mockSubscriptions(args[1]);
    return mockSubscribe(...args);
  },
}));

const BUILD_TIME = "2025-01-01T00:00:00.000Z";

const node = (n: number): BlogCardNode => ({
  documentId: `doc-${n}`,
  slug: `built-article-${n}`,
  title: `Built article ${n}`,
  categories: ["Dating Tips"],
  lastUpdate: `2024-12-${String(20 - n).padStart(2, "0")}T10:00:00.000Z`,
  featureImageUrl: "",
  cardImage: null,
});

const BUILT_TITLES = [1, 2, 3, 4, 5, 6].map((n) => `Built article ${n}`);

function renderList(): void {
  const props = {
    data: { blogPostsByIds: [1, 2, 3, 4, 5, 6].map(node) },
    pageContext: {
      currentPage: 1,
      numPages: 2,
      ids: [1, 2, 3, 4, 5, 6].map((n) => `node-${n}`),
      changesAfter: BUILD_TIME,
    } satisfies BlogListContext,
    // Gatsby gives every page its address; the list reads a search from it.
    location: { pathname: "/blog", search: "", key: "initial" },
  } as unknown as PageProps<{ blogPostsByIds: BlogCardNode[] }, BlogListContext>;
  render(<BlogListTemplate {...props} />);
}

const cardTitles = (): string[] =>
  screen.getAllByRole("article").map((article) => article.querySelector("h2")?.textContent ?? "");

/** Lets the lazy import of the Firebase client and the promises after it settle. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

let warn: jest.SpyInstance;
const savedIdle = window.requestIdleCallback;

beforeEach(() => {
  jest.useFakeTimers();
  process.env.GATSBY_FIREBASE_PROJECT_ID = "live-gaps";
  mockSubscriptions.mockClear();
  mockSubscribe = () => () => undefined;
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  // The search index is never answered here: these tests are about the live list.
  window.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  // jsdom has no requestIdleCallback; tests that want one install it.
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
});

afterEach(() => {
  jest.useRealTimers();
  delete process.env.GATSBY_FIREBASE_PROJECT_ID;
  jest.restoreAllMocks();
  if (savedIdle) window.requestIdleCallback = savedIdle;
});

describe("when the live list loads Firebase (B15)", () => {
  test("without requestIdleCallback, 2 s after the page is shown, not before", async () => {
    renderList();
    await advance(1999);
    expect(mockSubscriptions).not.toHaveBeenCalled();
    await advance(1);
    expect(mockSubscriptions).toHaveBeenCalledTimes(1);
    expect(mockSubscriptions).toHaveBeenCalledWith(BUILD_TIME);
  });

  test("with requestIdleCallback, when the browser is idle, at most 4 s after the page is shown", async () => {
    let idle: (() => void) | null = null;
    const requestIdleCallback = jest.fn((callback: () => void) => {
      idle = callback;
      return 1;
    });
    window.requestIdleCallback = requestIdleCallback as unknown as typeof window.requestIdleCallback;
    window.cancelIdleCallback = jest.fn();
    renderList();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 4000 });
    await advance(10_000); // no timer of its own: only the browser's idle callback starts it
    expect(mockSubscriptions).not.toHaveBeenCalled();
    await act(async () => idle?.());
    await settle();
    expect(mockSubscriptions).toHaveBeenCalledTimes(1);
  });

  test("at once when the visitor starts searching", async () => {
    renderList();
    fireEvent.focus(screen.getByPlaceholderText("Search for your interest"));
    await settle();
    expect(mockSubscriptions).toHaveBeenCalledTimes(1);
  });

  test("never without a Firebase project", async () => {
    delete process.env.GATSBY_FIREBASE_PROJECT_ID;
    renderList();
    fireEvent.focus(screen.getByPlaceholderText("Search for your interest"));
    await advance(10_000);
    expect(mockSubscriptions).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("when live updates fail (E7)", () => {
  test("a change that does arrive is shown at the top of page 1 (the control)", async () => {
    mockSubscribe = (_config, _since, onChange) => {
      onChange([
        {
          id: "doc-new",
          slug: "new-article",
          title: "Published after the build",
          categories: ["News"],
          lastUpdate: "2025-02-01T10:00:00.000Z",
        },
      ]);
      return () => undefined;
    };
    renderList();
    await advance(2000);
    expect(cardTitles()).toEqual(["Published after the build", ...BUILT_TITLES.slice(0, 5)]);
  });

  test("a subscription that errors, again and again, leaves the built list as it is, with one warning", async () => {
    mockSubscribe = (_config, _since, _onChange, onError) => {
      onError(new Error("permission-denied"));
      onError(new Error("permission-denied"));
      return () => undefined;
    };
    renderList();
    await advance(2000);
    expect(mockSubscriptions).toHaveBeenCalledTimes(1);
    expect(cardTitles()).toEqual(BUILT_TITLES);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe("Live blog updates are unavailable; showing the list as built.");
  });

  test("a client that cannot start leaves the built list as it is, with one warning", async () => {
    mockSubscribe = () => {
      throw new Error("failed-precondition: IndexedDB is unavailable");
    };
    renderList();
    await advance(2000);
    expect(mockSubscriptions).toHaveBeenCalledTimes(1);
    expect(cardTitles()).toEqual(BUILT_TITLES);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe("Live blog updates are unavailable; showing the list as built.");
  });
});
