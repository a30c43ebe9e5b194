import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { onDemandSection } from "../../../../../src/components/home/OnDemandSection";
import { PENDING_SECTION_ATTRIBUTE, REVEAL_SECTIONS_EVENT } from "../../../../../src/lib/deferred-sections";

// A home section whose code loads only when it nears the viewport, when a hash link asks for it, or at
// once when the page opens at a section's address. (index-server-render.test.tsx checks the server's
// side: the section rendered in full, without suspending.)

/** IntersectionObserver stand-in: the test says when the section comes near the viewport. */
let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnect: jest.Mock }[];

beforeEach(() => {
  observers = [];
  window.IntersectionObserver = jest.fn(function (
    this: IntersectionObserver,
    callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    const disconnect = jest.fn();
    observers.push({ callback, options, disconnect });
    Object.assign(this, { observe: jest.fn(), disconnect });
  }) as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  window.history.replaceState(null, "", "/");
});

/** A section made on demand, with a count of its code's loads. */
function section() {
  const load = jest.fn(async () => ({ default: () => <h2>Built for real connections</h2> }));
  return { Section: onDemandSection(load, "featuresPlaceholder"), load };
}

const near = (isIntersecting: boolean) =>
  act(() => observers[0]!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

describe("onDemandSection", () => {
  it("keeps a placeholder, and loads nothing, while the section is far from the viewport", async () => {
    const { Section, load } = section();
    const { container } = render(<Section />);
    const placeholder = container.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`);
    expect(placeholder).toHaveClass("featuresPlaceholder");
    expect(placeholder).toHaveAttribute("aria-hidden", "true");
    await near(false);
    expect(load).not.toHaveBeenCalled();
    expect(observers[0]!.options).toEqual({ rootMargin: "600px 0px" });
  });

  it("loads the section once it comes within 600 px of the viewport, once", async () => {
    const { Section, load } = section();
    const { container } = render(<Section />);
    await near(true);
    expect(await screen.findByRole("heading", { name: "Built for real connections" })).toBeInTheDocument();
    expect(container.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`)).toBeNull();
    await near(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads at once when a hash link asks the sections to reveal themselves", async () => {
    const { Section } = section();
    render(<Section />);
    await act(async () => window.dispatchEvent(new Event(REVEAL_SECTIONS_EVENT)));
    expect(await screen.findByRole("heading", { name: "Built for real connections" })).toBeInTheDocument();
  });

  it("loads at once when the page opens at a section's address, without watching the viewport", async () => {
    window.history.replaceState(null, "", "/#aboutUs");
    const { Section } = section();
    render(<Section />);
    expect(await screen.findByRole("heading", { name: "Built for real connections" })).toBeInTheDocument();
    expect(observers).toEqual([]);
  });

  it("loads at once in a browser without IntersectionObserver", async () => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    const { Section } = section();
    render(<Section />);
    expect(await screen.findByRole("heading", { name: "Built for real connections" })).toBeInTheDocument();
  });

  it("stops watching once the page goes away", () => {
    const { Section } = section();
    const { unmount } = render(<Section />);
    unmount();
    expect(observers[0]!.disconnect).toHaveBeenCalled();
  });
});
