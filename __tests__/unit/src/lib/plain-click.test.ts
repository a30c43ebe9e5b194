/** @jest-environment node */
import { isPlainClick } from "../../../../src/lib/plain-click";

// Whether a click on a link is the site's to handle (a smooth scroll, the router), or the browser's:
// a new tab or window, or a click some other handler already took.

const plain = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe("isPlainClick", () => {
  it("takes a primary-button click with no key held that nobody handled", () => {
    expect(isPlainClick(plain)).toBe(true);
  });

  it.each([
    ["Ctrl (a new tab)", { ctrlKey: true }],
    ["Meta, Cmd on a Mac (a new tab)", { metaKey: true }],
    ["Shift (a new window)", { shiftKey: true }],
    ["Alt (a download)", { altKey: true }],
    ["the middle button", { button: 1 }],
    ["the secondary button", { button: 2 }],
    ["a click another handler cancelled", { defaultPrevented: true }],
  ])("leaves a click with %s to the browser", (_what, change) => {
    expect(isPlainClick({ ...plain, ...change })).toBe(false);
  });
});
