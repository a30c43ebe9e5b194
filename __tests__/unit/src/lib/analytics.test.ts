import { track } from "../../../../src/lib/analytics";

describe("track", () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it("pushes the event to window.dataLayer", () => {
    track("Page Loaded");
    expect(window.dataLayer).toEqual([{ event: "Page Loaded" }]);
  });

  it("keeps earlier entries and adds parameters", () => {
    window.dataLayer = [{ event: "gtm.js" }];
    track("play-store-button-clicked", { placement: "navigation" });
    expect(window.dataLayer).toEqual([
      { event: "gtm.js" },
      { event: "play-store-button-clicked", placement: "navigation" },
    ]);
  });

  it("does not let a parameter overwrite the event name", () => {
    track("Page Loaded", { event: "something-else" });
    expect(window.dataLayer?.[0]?.event).toBe("Page Loaded");
  });
});
