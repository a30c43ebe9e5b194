/** @jest-environment node */
import { Timestamp } from "firebase-admin/firestore";
import {
  blogIdOf,
  changeFor,
  decide,
  FIELD_OF,
  instantOf,
  publishedTooEarly,
  SCHEDULE_JOB,
  writtenBySchedule,
} from "@kindred/publishing";

// What a plan does with one blogMetaData document at one instant, decided afresh each time. The job's
// scenarios (moved, cancelled, published by hand) are in job.test.ts and the clocks' tests.
const AT = Date.UTC(2027, 1, 14, 6, 0, 0);

describe("instantOf", () => {
  it("reads a Firestore Timestamp, as the Admin SDK gives it or as JSON", () => {
    expect(instantOf(Timestamp.fromMillis(AT))).toBe(AT);
    expect(instantOf({ seconds: AT / 1000, nanoseconds: 5e6 })).toBe(AT + 5);
    expect(instantOf({ _seconds: AT / 1000, _nanoseconds: 0 })).toBe(AT);
  });

  it("refuses what is not an instant: a wall-clock string names no time zone", () => {
    for (const value of ["2027-02-14 07:00", AT, null, undefined, [], {}, { toMillis: () => Number.NaN }])
      expect(instantOf(value)).toBeNull();
  });
});

describe("decide", () => {
  const draft = { published: false, publishAt: Timestamp.fromMillis(AT) };

  it("is due at the instant and after it, not a millisecond before", () => {
    expect(decide("publish", draft, AT - 1)).toEqual({ due: false, at: AT });
    expect(decide("publish", draft, AT)).toEqual({ due: true, at: AT });
    expect(decide("publish", draft, AT + 60_000)).toEqual({ due: true, at: AT });
  });

  it("does a publish only to a draft, an unpublish only to a published article", () => {
    expect(decide("publish", { ...draft, published: true }, AT)).toEqual({ due: false, at: AT });
    const live = { published: true, unpublishAt: Timestamp.fromMillis(AT) };
    expect(decide("unpublish", live, AT)).toEqual({ due: true, at: AT });
    expect(decide("unpublish", { ...live, published: false }, AT)).toEqual({ due: false, at: AT });
  });

  it("has nothing to do without a plan, and says why a plan saved as text cannot be carried out", () => {
    expect(decide("publish", { published: false }, AT)).toEqual({ due: false, at: null });
    expect(decide("publish", undefined, AT)).toEqual({ due: false, at: null });
    expect(decide("publish", { published: false, publishAt: "2027-02-14 07:00" }, AT)).toEqual({
      due: false,
      at: null,
      problem: `${FIELD_OF.publish} must be a Timestamp (an instant)`,
    });
  });
});

describe("blogIdOf and changeFor", () => {
  it("needs the blog document the metadata names", () => {
    expect(blogIdOf({ blogId: " post-1 " })).toEqual({ blogId: "post-1" });
    for (const blogId of [undefined, "", "  ", "blog/post-1"])
      expect(blogIdOf({ blogId })).toEqual({ problem: "blogId must name the article's blog document" });
  });

  it("publishes dated at the moment it went out, and takes down, each clearing its spent field", () => {
    const publish = { blogId: "post-1", published: false, publishAt: Timestamp.fromMillis(AT) };
    expect(changeFor("publish", publish, AT + 5)).toEqual({
      blogId: "post-1",
      published: true,
      clear: "publishAt",
      lastUpdate: AT + 5,
    });
    const unpublish = { blogId: "post-1", published: true, unpublishAt: Timestamp.fromMillis(AT) };
    expect(changeFor("unpublish", unpublish, AT)).toEqual({ blogId: "post-1", published: false, clear: "unpublishAt" });
  });

  it("changes nothing before the instant, and says why when the change cannot be made", () => {
    const publish = { blogId: "post-1", published: false, publishAt: Timestamp.fromMillis(AT) };
    expect(changeFor("publish", publish, AT - 1)).toEqual({});
    expect(changeFor("publish", { ...publish, blogId: "" }, AT)).toEqual({
      problem: "blogId must name the article's blog document",
    });
  });
});

describe("the editors' API's fields", () => {
  it("puts an article's newest version on the site when the job publishes it", () => {
    const publish = { blogId: "post-1", published: false, publishAt: Timestamp.fromMillis(AT), version: 7 };
    expect(changeFor("publish", publish, AT)).toMatchObject({ published: true, publishedVersion: 7 });
    expect(changeFor("publish", { ...publish, version: "7" }, AT)).not.toHaveProperty("publishedVersion");
    const unpublish = { blogId: "post-1", published: true, unpublishAt: Timestamp.fromMillis(AT), version: 7 };
    expect(changeFor("unpublish", unpublish, AT)).not.toHaveProperty("publishedVersion");
  });
});

describe("writtenBySchedule", () => {
  const mark = (ms: number) => ({ job: SCHEDULE_JOB, at: Timestamp.fromMillis(ms) });
  const editor = { uid: "u1", email: "e@x", action: "scheduled" };

  it("is true for the write that set a new job's mark", () => {
    expect(writtenBySchedule({ changedBy: editor }, { changedBy: mark(AT) })).toBe(true);
    expect(writtenBySchedule(undefined, { changedBy: mark(AT) })).toBe(true);
    expect(writtenBySchedule({ changedBy: mark(AT - 60_000) }, { changedBy: mark(AT) })).toBe(true);
  });

  it("is false for a write by anyone else, whether it replaced the mark or left it in place", () => {
    expect(writtenBySchedule({ changedBy: mark(AT) }, { changedBy: mark(AT), title: "edited" })).toBe(false);
    expect(writtenBySchedule({ changedBy: mark(AT) }, { changedBy: editor })).toBe(false);
    expect(writtenBySchedule({}, {})).toBe(false);
    expect(writtenBySchedule({}, { changedBy: { job: "other" } })).toBe(false);
  });
});

describe("publishedTooEarly", () => {
  it("names the instant of a published document whose publishAt is still ahead", () => {
    expect(publishedTooEarly({ published: true, publishAt: Timestamp.fromMillis(AT) }, AT - 1)).toBe(AT);
    expect(publishedTooEarly({ published: true, publishAt: Timestamp.fromMillis(AT) }, AT)).toBeNull();
    expect(publishedTooEarly({ published: false, publishAt: Timestamp.fromMillis(AT) }, AT - 1)).toBeNull();
    expect(publishedTooEarly({ published: true, publishAt: "2027-02-14 07:00" }, AT - 1)).toBeNull();
    expect(publishedTooEarly(undefined, AT)).toBeNull();
  });
});
