import * as hashScroll from "../../../../src/lib/hash-scroll";
import { loadHashScroll } from "../../../../src/lib/load-hash-scroll";

// The section scroll, fetched on demand: what the load gives is the hash-scroll module itself.

describe("loadHashScroll", () => {
  it("gives the section scroll, the same module every time", async () => {
    const first = await loadHashScroll();
    expect(first.scrollToHash).toBe(hashScroll.scrollToHash);
    expect(first.idFromHash("#aboutUs")).toBe("aboutUs");
    await expect(loadHashScroll()).resolves.toBe(first);
  });
});
