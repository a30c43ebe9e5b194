import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { onDemandSection } from "../../../../src/components/home/OnDemandSection";
import {
  PENDING_SECTION_ATTRIBUTE,
  REVEAL_SECTIONS_EVENT,
  requestSectionReveal,
} from "../../../../src/lib/deferred-sections";

// The handshake between a hash link (hash-scroll.ts) and the home page's on-demand sections: the
// event that asks them to load, and the mark their placeholders carry while they do.

const observed: IntersectionObserver[] = [];
beforeEach(() => {
  // Far below the fold: the observer never reports the section as near the viewport.
  window.IntersectionObserver = jest.fn(function (this: IntersectionObserver) {
    this.observe = jest.fn();
    this.disconnect = jest.fn();
    observed.push(this);
  }) as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  observed.length = 0;
});

describe("requestSectionReveal", () => {
  it("sends the reveal event to the window it is given", () => {
    const heard = jest.fn();
    const target = new EventTarget();
    target.addEventListener(REVEAL_SECTIONS_EVENT, heard);
    requestSectionReveal(target as Window);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("makes a waiting on-demand section load, whose placeholder carried the pending mark until then", async () => {
    const Section = onDemandSection(async () => ({ default: () => <h2>Features</h2> }), "placeholder");
    const { container } = render(<Section />);
    expect(container.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`)).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Features" })).toBeNull();

    await act(async () => requestSectionReveal());
    expect(await screen.findByRole("heading", { name: "Features" })).toBeInTheDocument();
    expect(container.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`)).toBeNull();
  });
});
