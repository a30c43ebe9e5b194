import { act, renderHook } from "@testing-library/react";
import type { BlogCardData } from "../../../../../src/components/blog/BlogCard";
import { useLiveArticles } from "../../../../../src/components/blog/useLiveArticles";

// The live list's hook, with the Firebase client replaced by a subscription the test drives: when it
// subscribes, to what, and that it lets go of the subscription. (blog-list.test.tsx follows the same
// timings through the blog list itself.)

type Subscribe = (
  config: { projectId?: string },
  since: string,
  onChange: (cards: BlogCardData[]) => void,
  onError: (error: Error) => void,
) => () => void;

const mockSubscribe = jest.fn<ReturnType<Subscribe>, Parameters<Subscribe>>();
jest.mock("../../../../../src/lib/firebase-client", () => ({
  subscribeToChangesSince: (...args: Parameters<Subscribe>) => mockSubscribe(...args),
}));

const BUILD_TIME = "2025-01-01T00:00:00.000Z";
const change: BlogCardData = {
  id: "doc-new",
  slug: "new-article",
  title: "Published after the build",
  categories: [],
  lastUpdate: "2025-02-01T10:00:00.000Z",
};

/** Lets the lazy import of the Firebase client and the promises after it settle. */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

let unsubscribe: jest.Mock;

beforeEach(() => {
  jest.useFakeTimers();
  process.env.GATSBY_FIREBASE_PROJECT_ID = "live-hook";
  unsubscribe = jest.fn();
  mockSubscribe.mockReset().mockReturnValue(unsubscribe);
});

afterEach(() => {
  jest.useRealTimers();
  delete process.env.GATSBY_FIREBASE_PROJECT_ID;
});

describe("useLiveArticles", () => {
  it("has no changes and no subscription until it is started", async () => {
    const { result } = renderHook(() => useLiveArticles(BUILD_TIME));
    await settle();
    expect(result.current.changed).toEqual([]);
    expect(mockSubscribe).not.toHaveBeenCalled();
  });

  it("once started, follows the changes since the build with the site's project, and hands them over", async () => {
    const { result } = renderHook(() => useLiveArticles(BUILD_TIME));
    act(() => result.current.start());
    await settle();
    expect(mockSubscribe).toHaveBeenCalledTimes(1);
    const [config, since, onChange] = mockSubscribe.mock.calls[0]!;
    expect(config.projectId).toBe("live-hook");
    expect(since).toBe(BUILD_TIME);
    act(() => onChange([change]));
    expect(result.current.changed).toEqual([change]);
  });

  it("starts once whichever comes first, the visitor or the idle page", async () => {
    const { result } = renderHook(() => useLiveArticles(BUILD_TIME));
    act(() => result.current.start());
    await settle();
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    act(() => result.current.start());
    await settle();
    expect(mockSubscribe).toHaveBeenCalledTimes(1);
  });

  it("lets go of the subscription when the list goes away", async () => {
    const { result, unmount } = renderHook(() => useLiveArticles(BUILD_TIME));
    act(() => result.current.start());
    await settle();
    expect(unsubscribe).not.toHaveBeenCalled();
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("subscribes to nothing when the list went away before Firebase arrived", async () => {
    const { result, unmount } = renderHook(() => useLiveArticles(BUILD_TIME));
    act(() => result.current.start());
    unmount();
    await settle();
    expect(mockSubscribe).not.toHaveBeenCalled();
  });

  it("follows the changes since a new build time, and no longer those since the old one", async () => {
    const { result, rerender } = renderHook(({ since }) => useLiveArticles(since), {
      initialProps: { since: BUILD_TIME },
    });
    act(() => result.current.start());
    await settle();
    rerender({ since: "2025-06-01T00:00:00.000Z" });
    await settle();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(mockSubscribe.mock.calls.map(([, since]) => since)).toEqual([BUILD_TIME, "2025-06-01T00:00:00.000Z"]);
  });
});
