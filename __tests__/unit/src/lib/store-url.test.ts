/** @jest-environment node */
// The store listing behind every "Get the app" button: GATSBY_STORE_URL, read when the build inlines
// it, or the Play Store listing.

const DEFAULT_STORE_URL = "https://play.google.com/store/apps/details?id=app.kindred";

/** The module as a build with this GATSBY_STORE_URL (undefined: not set) would inline it. */
function storeUrlWith(value: string | undefined): string {
  const saved = process.env.GATSBY_STORE_URL;
  if (value === undefined) delete process.env.GATSBY_STORE_URL;
  else process.env.GATSBY_STORE_URL = value;
  try {
    let url = "";
    jest.isolateModules(() => {
      url = (jest.requireActual("../../../../src/lib/store-url") as typeof import("../../../../src/lib/store-url"))
        .STORE_URL;
    });
    return url;
  } finally {
    if (saved === undefined) delete process.env.GATSBY_STORE_URL;
    else process.env.GATSBY_STORE_URL = saved;
  }
}

describe("the store address (H3)", () => {
  test("is the Play Store listing when GATSBY_STORE_URL is not set, or is blank", () => {
    expect(storeUrlWith(undefined)).toBe(DEFAULT_STORE_URL);
    expect(storeUrlWith("   ")).toBe(DEFAULT_STORE_URL);
  });

  test("is GATSBY_STORE_URL, trimmed, when it is set", () => {
    expect(storeUrlWith("  https://apps.apple.com/app/kindred/id123  ")).toBe(
      "https://apps.apple.com/app/kindred/id123",
    );
  });
});
