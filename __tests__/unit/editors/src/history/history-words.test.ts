import { actorWords, eventWords, whenWords } from "../../../../../editors/src/history/history-words";

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const by = { uid: "u1", email: "editor@example.com" };

describe("eventWords: what each event of articleHistory/{id}/events says", () => {
  it.each([
    [{ action: "saved", version: 3 }, "Saved version 3"],
    [{ action: "restored", version: 5, restoredFrom: 2 }, "Restored version 2 as version 5"],
    [{ action: "published", version: 4 }, "Published version 4"],
    [{ action: "published", version: 4, keptPlace: true }, "Published version 4, keeping its place in the blog"],
    [{ action: "unpublished", version: 4, reason: "Out of date" }, "Unpublished (version 4): Out of date"],
    [{ action: "unpublished", version: 0 }, "Unpublished"],
    [
      { action: "scheduled", version: 2, publishAt: at("2027-02-14T06:00:00Z") },
      "Scheduled to go live 2027-02-14 06:00 UTC",
    ],
    [
      { action: "scheduled", version: 2, unpublishAt: at("2027-03-01T00:00:00Z") },
      "Scheduled to come down 2027-03-01 00:00 UTC",
    ],
    [{ action: "schedule-cancelled", version: 2, publishAt: null }, "Cancelled the planned publication"],
    [{ action: "schedule-cancelled", version: 2, unpublishAt: null }, "Cancelled the planned end"],
    [{ action: "archived", version: 1 }, "archived (version 1)"],
  ])("%j reads %p", (event, words) => {
    expect(eventWords(event)).toBe(words);
  });
});

describe("actorWords and whenWords", () => {
  it("names who acted by email, the uid without one, and the import of an older article", () => {
    expect(actorWords(by)).toBe("editor@example.com");
    expect(actorWords({ uid: "u9", email: "" })).toBe("u9");
    expect(actorWords({ uid: "", email: "" })).toBe("imported");
    expect(actorWords(undefined)).toBe("someone");
  });

  it("says when in the editor's zone with the UTC instant, or that it is not known", () => {
    expect(whenWords(at("2027-02-14T06:00:00Z"), "Europe/Paris")).toBe("14 Feb 2027, 07:00 (2027-02-14 06:00 UTC)");
    expect(whenWords(undefined, "Europe/Paris")).toBe("at a time not recorded");
  });
});
