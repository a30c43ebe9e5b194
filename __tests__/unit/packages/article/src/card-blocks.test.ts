import { readableSize } from "../../../../../packages/article/src/card-blocks";

describe("readableSize", () => {
  it.each([
    [0, "0 B"],
    [91, "91 B"],
    [1023, "1023 B"],
    [1024, "1.0 KiB"],
    [189952, "185.5 KiB"],
    [1048575, "1.0 MiB"],
    [5 * 1024 ** 3, "5.0 GiB"],
    ["2048", "2.0 KiB"],
  ])("writes %p bytes as %p, in binary units with one decimal", (bytes, shown) => {
    expect(readableSize(bytes)).toBe(shown);
  });

  it.each([[-1], [Number.NaN], [Infinity], ["big"], [""], [null], [{}]])("is empty for %p", (bytes) => {
    expect(readableSize(bytes)).toBe("");
  });
});
