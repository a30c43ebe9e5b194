import { checkedUrl, IMAGE_URL, LINK_URL } from "../../../src/lib/safe-url";

describe("checkedUrl", () => {
  it("accepts mailto for links only", () => {
    expect(checkedUrl("mailto:support@kindred.app", LINK_URL)).toBe("mailto:support@kindred.app");
    expect(checkedUrl("mailto:support@kindred.app", IMAGE_URL)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(checkedUrl(undefined, IMAGE_URL)).toBeNull();
    expect(checkedUrl({ toString: () => "https://ok.example/" }, IMAGE_URL)).toBeNull();
  });
});
