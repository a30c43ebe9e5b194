import { instantOf, localInputOf, utcWords } from "../../../../../editors/src/editor/schedule-time";

describe("instantOf: a wall-clock time in the editor's zone, as the instant the API takes", () => {
  it("reads 07:00 on 14 February 2027 in Paris as 06:00 UTC (docs/scheduling.md)", () => {
    expect(instantOf("2027-02-14T07:00", "Europe/Paris")).toEqual({
      ok: true,
      instant: new Date("2027-02-14T06:00:00Z"),
    });
  });

  it("follows the zone's summer time, and zones off the hour", () => {
    expect(instantOf("2027-07-14T07:00", "Europe/Paris")).toEqual({ ok: true, instant: new Date("2027-07-14T05:00Z") });
    expect(instantOf("2027-01-10T09:15", "Asia/Kolkata")).toEqual({ ok: true, instant: new Date("2027-01-10T03:45Z") });
    expect(instantOf("2027-03-01T00:30", "America/St_Johns")).toEqual({
      ok: true,
      instant: new Date("2027-03-01T04:00Z"),
    });
    expect(instantOf("2027-12-31T23:59", "UTC")).toEqual({ ok: true, instant: new Date("2027-12-31T23:59Z") });
  });

  it("refuses a time a daylight-saving change skips, rather than guess", () => {
    // Paris springs from 02:00 to 03:00 on the last Sunday of March.
    expect(instantOf("2027-03-28T02:30", "Europe/Paris")).toEqual({ ok: false, reason: "skipped" });
    expect(instantOf("2027-03-08T02:30", "America/New_York").ok).toBe(true); // not that zone's change day
    expect(instantOf("2027-03-14T02:30", "America/New_York")).toEqual({ ok: false, reason: "skipped" });
  });

  it("takes the first of a time that happens twice, and says so", () => {
    // Paris falls back from 03:00 to 02:00 on the last Sunday of October: 02:30 happens at 00:30 and 01:30 UTC.
    expect(instantOf("2027-10-31T02:30", "Europe/Paris")).toEqual({
      ok: true,
      instant: new Date("2027-10-31T00:30Z"),
      twice: true,
    });
  });

  it("refuses what is not a date and time, and a zone that does not exist", () => {
    expect(instantOf("", "Europe/Paris")).toEqual({ ok: false, reason: "invalid" });
    expect(instantOf("2027-02-30T07:00", "Europe/Paris")).toEqual({ ok: false, reason: "invalid" });
    expect(instantOf("2027-02-14 07:00", "Europe/Paris")).toEqual({ ok: false, reason: "invalid" });
    expect(instantOf("2027-02-14T07:00", "Mars/Olympus")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("localInputOf and utcWords", () => {
  it("shows an instant back in the editor's zone, as the date-time input's value, and in UTC", () => {
    const instant = new Date("2027-02-14T06:00:00Z");
    expect(localInputOf(instant, "Europe/Paris")).toBe("2027-02-14T07:00");
    expect(localInputOf(instant, "America/Los_Angeles")).toBe("2027-02-13T22:00");
    expect(utcWords(instant)).toBe("2027-02-14 06:00 UTC");
  });

  it("round-trips every hour of a year in a zone with summer time, save the skipped hour", () => {
    const zone = "Europe/London";
    let skipped = 0;
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 60 * 60_000) {
      const local = new Date(at).toISOString().slice(0, 16); // every wall-clock time of the year
      const result = instantOf(local, zone);
      if (!result.ok) {
        skipped += 1;
        continue;
      }
      expect(localInputOf(result.instant, zone)).toBe(local);
    }
    expect(skipped).toBe(1); // 01:00 on 28 March 2027
  });
});
