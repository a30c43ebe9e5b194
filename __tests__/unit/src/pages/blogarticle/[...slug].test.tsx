import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { navigate, type PageProps } from "gatsby";
import BlogPostFallback from "../../../../../src/pages/blogarticle/[...slug]";

// The client-only article route (/blogarticle/<slug> paths the build did not make): its head while
// the article loads, and what a failed read does. Firestore is replaced by a read the test controls.

let mockRead: () => Promise<unknown> = () => new Promise(() => undefined);
const mockReads = jest.fn();

jest.mock("../../../../../src/lib/firebase-client", () => ({
  findPublishedArticleBySlug: (_config: unknown, slug: string) => {
    mockReads(slug);
    return mockRead();
  },
}));

function visit(slug: string): void {
  render(<BlogPostFallback {...({ params: { slug } } as unknown as PageProps<object, object, unknown>)} />);
}

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

let warn: jest.SpyInstance;

beforeEach(() => {
  process.env.GATSBY_FIREBASE_PROJECT_ID = "fallback-gaps";
  (navigate as jest.Mock).mockClear();
  mockReads.mockClear();
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  delete process.env.GATSBY_FIREBASE_PROJECT_ID;
  jest.restoreAllMocks();
});

describe("the fallback route's head (S7)", () => {
  test("is titled from its slug with hyphens as spaces, typed article, with its own canonical address", async () => {
    mockRead = () => new Promise(() => undefined); // still loading
    visit("spring-picnic-ideas");
    await waitFor(() => expect(document.title).toBe("spring picnic ideas | Kindred"));
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:title"]')).toBe("spring picnic ideas | Kindred");
    expect(meta('meta[property="og:url"]')).toBe("https://kindred.test/blogarticle/spring-picnic-ideas");
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://kindred.test/blogarticle/spring-picnic-ideas",
    );
    // The skeleton is what the page shows meanwhile.
    expect(screen.getByLabelText("Loading the article")).toHaveAttribute("aria-busy", "true");
  });
});

describe("a failed read on the fallback route (FB3, E9)", () => {
  test("warns once on the console, then replaces the address with /404", async () => {
    const failure = new Error("unavailable: the client is offline");
    mockRead = () => Promise.reject(failure);
    visit("fresh-article");
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/404", { replace: true }));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(mockReads).toHaveBeenCalledWith("fresh-article");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toContain(failure);
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  test("does not send a visitor who already left the page to /404", async () => {
    let fail: (error: Error) => void = () => undefined;
    mockRead = () => new Promise((_resolve, reject) => (fail = reject));
    const { unmount } = render(
      <BlogPostFallback {...({ params: { slug: "left-early" } } as unknown as PageProps<object, object, unknown>)} />,
    );
    await waitFor(() => expect(mockReads).toHaveBeenCalledWith("left-early"));
    unmount();
    fail(new Error("offline"));
    // The warning is the last thing the failed read does; once it is out, any navigation would be too.
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(navigate).not.toHaveBeenCalled();
  });
});
