import { isNavScrolled } from "../../../../src/lib/nav-scroll";

describe("isNavScrolled", () => {
  it("is not scrolled at the very top of the hero", () => {
    expect(isNavScrolled(0, 0, 900)).toBe(false);
  });

  it("is scrolled between the top of the hero and the features section", () => {
    expect(isNavScrolled(1, 0, 900)).toBe(true);
    expect(isNavScrolled(899, 0, 900)).toBe(true);
  });

  it("drops the scrolled style once the features section is reached", () => {
    expect(isNavScrolled(900, 0, 900)).toBe(false);
    expect(isNavScrolled(2400, 0, 900)).toBe(false);
  });

  it("stays scrolled past the hero while the features section has not been rendered", () => {
    expect(isNavScrolled(500, 0, null)).toBe(true);
  });

  it("never takes the scrolled style on a page without a hero", () => {
    expect(isNavScrolled(500, null, null)).toBe(false);
  });
});
