import { TIME_ZONE, formatLastUpdate, formatUpdatedDate } from "../../../../src/lib/dates";

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

describe("the arithmetic for India's fixed offset", () => {
  const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: TIME_ZONE });
  const shortTime = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE });
  const byIntl = (ms: number): string => `${shortTime.format(ms)} · ${longDate.format(ms)}`.replace(/\u202f/g, " ");

  it("agrees with Intl on random instants from 1940 to 2200, and around midnight, noon and the 1945 change", () => {
    let seed = 20261123;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1940, 0, 1);
    const to = Date.UTC(2200, 0, 1);
    const instants = Array.from({ length: 20000 }, () => Math.floor(from + random() * (to - from)));
    for (const day of [Date.UTC(1945, 9, 14), Date.UTC(1946, 0, 1), Date.UTC(2024, 1, 29), Date.UTC(2026, 11, 31)]) {
      // India's midnight and noon fall at 18:30 and 06:30 UTC.
      for (const minutes of [-391, -390, -389, 389, 390, 391, 1109, 1110, 1111]) instants.push(day + minutes * 60_000);
    }
    const wrong = instants
      .map((ms) => new Date(ms).toISOString())
      .filter((iso) => formatLastUpdate(iso) !== byIntl(Date.parse(iso)));
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("makes no Intl.DateTimeFormat for a date India keeps at +5:30", () => {
    jest.isolateModules(() => {
      const made = jest.spyOn(Intl, "DateTimeFormat");
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require("../../../../src/lib/dates") as typeof import("../../../../src/lib/dates");
      expect(fresh.formatLastUpdate("2024-03-04T09:30:00.000Z")).toBe("3:00 PM · March 4, 2024");
      expect(made).not.toHaveBeenCalled();
      made.mockRestore();
    });
  });
});
