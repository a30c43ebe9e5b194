import { formatLastUpdate, formatUpdatedDate } from "../../../src/lib/dates";

describe("formatUpdatedDate", () => {
  it("uses the long US format", () => {
    expect(formatUpdatedDate("2024-03-04T09:30:00.000Z")).toBe("March 4, 2024");
  });

  it('says "not updated yet" without a date', () => {
    expect(formatUpdatedDate(null)).toBe("not updated yet");
    expect(formatUpdatedDate(undefined)).toBe("not updated yet");
    expect(formatUpdatedDate("garbage")).toBe("not updated yet");
  });

  it("counts the day in India's time zone", () => {
    expect(formatUpdatedDate("2024-03-04T20:00:00.000Z")).toBe("March 5, 2024");
  });
});

describe("formatLastUpdate", () => {
  it("gives the time and the date", () => {
    expect(formatLastUpdate("2024-03-04T09:30:00.000Z")).toBe("3:00 PM · March 4, 2024");
  });
});
