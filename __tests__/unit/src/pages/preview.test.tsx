import * as React from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { PageProps } from "gatsby";
import PreviewPage from "../../../../src/pages/preview";
import type { PreviewFailure } from "../../../../src/lib/preview-client";
import { article } from "../../../support/articles";

// The editors' preview page, with the preview's Firebase client replaced by a session the test
// drives: which message each refusal gets, the draft as it is saved, its similar articles, and that
// nothing of the draft stays once the link no longer opens it. (e2e/preview.spec.ts runs it against
// the emulators.)

interface Session {
  onChange: (data: unknown) => void;
  onFailure: (why: PreviewFailure) => void;
  unsubscribe: jest.Mock;
  close: jest.Mock;
  publishedSharing: jest.Mock;
}

let mockOpen: jest.Mock;
let session: Session;

jest.mock("../../../../src/lib/preview-client", () => ({
  openPreview: (...args: unknown[]) => mockOpen(...args),
}));

/** A custom token whose claims name the article and when the link expires (the signature is the server's). */
const token = (article: string, expires: number): string =>
  `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ claims: { preview: article, previewExpires: expires } }))}.sig`;

function visit(hash: string) {
  return render(<PreviewPage {...({ location: { pathname: "/preview", hash } } as PageProps)} />);
}

const message = (): string => screen.getByRole("status").textContent ?? "";
const ASK_AGAIN = "Ask for a new link in the editors' tool.";

beforeEach(() => {
  process.env.GATSBY_FIREBASE_PROJECT_ID = "preview-page";
  session = {
    onChange: () => undefined,
    onFailure: () => undefined,
    unsubscribe: jest.fn(),
    close: jest.fn(() => Promise.resolve()),
    publishedSharing: jest.fn(() => Promise.resolve([])),
  };
  mockOpen = jest.fn(async () => ({
    follow: (onChange: Session["onChange"], onFailure: Session["onFailure"]) => {
      Object.assign(session, { onChange, onFailure });
      return session.unsubscribe;
    },
    publishedSharing: session.publishedSharing,
    close: session.close,
  }));
});

afterEach(() => {
  delete process.env.GATSBY_FIREBASE_PROJECT_ID;
  jest.useRealTimers();
  document.head.innerHTML = "";
  document.title = "";
});

describe("the preview page", () => {
  it("says previews are not available on a site without a Firebase project", async () => {
    delete process.env.GATSBY_FIREBASE_PROJECT_ID;
    visit("#article=meta-1&token=x");
    await waitFor(() => expect(message()).toBe("Previews are not available on this site."));
    expect(mockOpen).not.toHaveBeenCalled();
  });

  it("refuses a link without its token, without asking Firebase", async () => {
    visit("#article=meta-1");
    await waitFor(() => expect(message()).toBe(`This preview link is not valid. ${ASK_AGAIN}`));
    expect(mockOpen).not.toHaveBeenCalled();
  });

  it.each([
    ["has expired", () => token("meta-1", Date.now() - 1000), `This preview link has expired. ${ASK_AGAIN}`],
    [
      "is for another article",
      () => token("meta-2", Date.now() + 60_000),
      `This preview link is for another article. ${ASK_AGAIN}`,
    ],
    ["cannot be read", () => "tampered", `This preview link is not valid. ${ASK_AGAIN}`],
  ])("words a refused link that %s", async (_what, makeToken, words) => {
    mockOpen.mockRejectedValueOnce(new Error("auth/invalid-custom-token"));
    visit(`#article=meta-1&token=${makeToken()}`);
    await waitFor(() => expect(message()).toBe(words));
  });

  it("shows the draft as it is saved, with the published articles that share its categories", async () => {
    session.publishedSharing.mockResolvedValue([
      { id: "meta-2", data: article("texting-after-a-date", { title: "Texting after a date" }) },
    ]);
    const link = token("meta-1", Date.now() + 60_000);
    visit(`#article=meta-1&token=${link}`);
    await waitFor(() => expect(mockOpen).toHaveBeenCalled());
    expect(mockOpen.mock.calls[0]).toEqual([expect.objectContaining({ projectId: "preview-page" }), "meta-1", link]);
    expect(screen.getByRole("status")).toHaveTextContent("Opening the preview…");

    act(() => session.onChange(article("a-draft", { title: "A draft", published: false })));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("A draft");
    expect(await screen.findByRole("region", { name: "Similar articles you may like" })).toHaveTextContent(
      "Texting after a date",
    );
    expect(session.publishedSharing).toHaveBeenCalledWith(["Dating Tips"]);

    act(() => session.onChange(article("a-draft", { title: "A draft, edited", published: false })));
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("A draft, edited");
    // The same categories: the similar articles are not asked for again.
    expect(session.publishedSharing).toHaveBeenCalledTimes(1);
  });

  it("names the field of a draft the build would refuse", async () => {
    visit(`#article=meta-1&token=${token("meta-1", Date.now() + 60_000)}`);
    await waitFor(() => expect(mockOpen).toHaveBeenCalled());
    act(() => session.onChange(article("a-draft", { title: undefined })));
    await waitFor(() => expect(message()).toMatch(/^This draft cannot be published yet: its field “title” /));
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("takes the draft off the screen, and lets go of Firebase, when the article is deleted", async () => {
    visit(`#article=meta-1&token=${token("meta-1", Date.now() + 60_000)}`);
    await waitFor(() => expect(mockOpen).toHaveBeenCalled());
    act(() => session.onChange(article("a-draft", { title: "A draft" })));
    await screen.findByRole("heading", { level: 1 });
    act(() => session.onFailure("missing"));
    await waitFor(() => expect(message()).toBe("This article no longer exists."));
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(session.unsubscribe).toHaveBeenCalledTimes(1);
    expect(session.close).toHaveBeenCalledTimes(1);
  });

  it("ends the preview itself when the link expires while it is open", async () => {
    jest.useFakeTimers({ now: new Date("2025-03-04T10:00:00Z") });
    visit(`#article=meta-1&token=${token("meta-1", Date.now() + 5_000)}`);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    act(() => session.onChange(article("a-draft", { title: "A draft" })));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("A draft");
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    expect(message()).toBe(`This preview link has expired. ${ASK_AGAIN}`);
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(session.close).toHaveBeenCalledTimes(1);
  });

  it("closes the session when the editor leaves the page", async () => {
    const { unmount } = visit(`#article=meta-1&token=${token("meta-1", Date.now() + 60_000)}`);
    await waitFor(() => expect(mockOpen).toHaveBeenCalled());
    await act(async () => Promise.resolve());
    unmount();
    expect(session.unsubscribe).toHaveBeenCalledTimes(1);
    expect(session.close).toHaveBeenCalledTimes(1);
  });

  it("keeps the page out of search results", async () => {
    visit("#article=meta-1");
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).not.toBeNull());
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(document.title).toBe("Preview | Kindred");
  });
});
