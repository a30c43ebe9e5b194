import * as React from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { navigate } from "gatsby";
import { HashLink } from "../../../../../src/components/layout/HashLink";

// A link to a section: on the same page it puts the section in the address and scrolls there; from
// another page it opens that page at the section; the scroll's code is fetched as the link is pointed
// at. The scroll itself is replaced by a stand-in that records where it was asked to go.

const mockScrollToHash = jest.fn(() => Promise.resolve(true));
const mockLoads = jest.fn();
jest.mock("../../../../../src/lib/load-hash-scroll", () => ({
  loadHashScroll: () => {
    mockLoads();
    return Promise.resolve({ scrollToHash: mockScrollToHash });
  },
}));

/** Clicks the link and says whether the browser's own handling of the click was cancelled. */
function click(name: string, init: MouseEventInit = {}): boolean {
  let prevented = false;
  const after = (event: Event): void => {
    prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot follow a link
  };
  window.addEventListener("click", after);
  fireEvent.click(screen.getByRole("link", { name }), init);
  window.removeEventListener("click", after);
  return prevented;
}

/** Lets the loaded scroll run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  jest.mocked(navigate).mockClear();
  mockScrollToHash.mockClear();
  mockLoads.mockClear();
});

afterEach(() => window.history.replaceState(null, "", "/"));

describe("HashLink", () => {
  it("links to the section's address, for a visitor without JavaScript", () => {
    render(<HashLink to="/#features">Features</HashLink>);
    expect(screen.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
  });

  it("on the same page, puts the section in the address, keeping the query, and scrolls to it", async () => {
    window.history.replaceState(null, "", "/blog?q=date");
    render(<HashLink to="#footer">Contact us</HashLink>);
    expect(click("Contact us")).toBe(true);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe("/blog?q=date#footer");
    await settle();
    expect(mockScrollToHash).toHaveBeenCalledWith("#footer");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("treats a link to this page's own path as the same page", async () => {
    render(<HashLink to="/#aboutUs">About</HashLink>);
    expect(click("About")).toBe(true);
    await settle();
    expect(window.location.hash).toBe("#aboutUs");
    expect(mockScrollToHash).toHaveBeenCalledWith("#aboutUs");
  });

  it("from another page, opens that page at the section through the router", async () => {
    window.history.replaceState(null, "", "/terms");
    render(<HashLink to="/#features">Features</HashLink>);
    expect(click("Features")).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/#features");
    await settle();
    expect(mockScrollToHash).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe("/terms");
  });

  it("leaves a click for a new tab or window to the browser, after its own onClick", () => {
    const onClick = jest.fn();
    render(
      <HashLink to="/#features" onClick={onClick}>
        Features
      </HashLink>,
    );
    expect(click("Features", { ctrlKey: true })).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(window.location.hash).toBe("");
  });

  it.each([
    ["pointed at", fireEvent.pointerEnter],
    ["focused", fireEvent.focus],
    ["touched", fireEvent.touchStart],
  ])("fetches the scroll's code when it is %s, before any click", (_how, intent) => {
    render(<HashLink to="#footer">Contact us</HashLink>);
    intent(screen.getByRole("link", { name: "Contact us" }));
    expect(mockLoads).toHaveBeenCalledTimes(1);
    expect(mockScrollToHash).not.toHaveBeenCalled();
  });
});
