/** @jest-environment node */
import { Timestamp } from "firebase-admin/firestore";
import { blogWriteVisible, decideMetaWrite } from "../../../../../webhook/trigger/src/article-writes.ts";

// What one write of an article's documents calls for, decided from the data before and after it: a
// rebuild or not (and why), an article published too early held back, the status of a plan at once,
// a post to take down with its metadata. The effects meet the emulator in
// integration/webhook/trigger/src/index.test.ts.
const NOW = Date.UTC(2027, 1, 14, 6, 0, 0);
const MINUTE = 60_000;
const at = (ms: number) => Timestamp.fromMillis(ms);
const live = { blogId: "post-a", title: "A", slug: "a", published: true, lastUpdate: at(NOW - MINUTE) };
const draft = { ...live, published: false };

describe("decideMetaWrite", () => {
  it("asks for a rebuild only for what visitors see", () => {
    expect(decideMetaWrite(live, { ...live, title: "B" }, NOW)).toMatchObject({
      rebuild: true,
      why: "visitors see title",
    });
    expect(decideMetaWrite(live, { ...live, version: 2, changedBy: { action: "saved" } }, NOW)).toMatchObject({
      rebuild: false,
    });
    expect(decideMetaWrite(draft, { ...draft, title: "B" }, NOW)).toMatchObject({ rebuild: false });
    expect(decideMetaWrite(undefined, live, NOW)).toMatchObject({
      rebuild: true,
      why: "the article comes onto the site",
    });
    expect(decideMetaWrite(live, undefined, NOW)).toMatchObject({ rebuild: true, why: "the article leaves the site" });
  });

  it("asks for none for the scheduling job's own write", () => {
    const flipped = { ...live, changedBy: { job: "schedule", at: at(NOW) } };
    expect(decideMetaWrite({ ...draft, publishAt: at(NOW) }, flipped, NOW)).toEqual({
      rebuild: false,
      holdBack: false,
      why: "the scheduling job made this change and asks for its own rebuild",
    });
  });

  it("shows a plan set or moved as scheduled at once, and a plan removed as cleared", () => {
    const planned = { ...draft, publishAt: at(NOW + MINUTE) };
    expect(decideMetaWrite(draft, planned, NOW).status).toMatchObject({ state: "scheduled", publishAt: NOW + MINUTE });
    const moved = { ...draft, publishAt: at(NOW + 2 * MINUTE) };
    expect(decideMetaWrite(planned, moved, NOW).status).toMatchObject({
      state: "scheduled",
      publishAt: NOW + 2 * MINUTE,
    });
    expect(decideMetaWrite(planned, { ...planned, title: "B" }, NOW).status).toBeUndefined();
    expect(decideMetaWrite(planned, draft, NOW).status).toMatchObject({ state: "not-published", publishAt: null });
    // A plan saved as text is the job's to report.
    expect(decideMetaWrite(draft, { ...draft, publishAt: "2027-02-14 07:00" }, NOW).status).toBeUndefined();
  });

  it("holds back an article saved published with its publishAt ahead, and says it leaves the site if it was live", () => {
    const early = { ...live, publishAt: at(NOW + MINUTE) };
    expect(decideMetaWrite(draft, early, NOW)).toMatchObject({
      holdBack: true,
      rebuild: false,
      status: { state: "scheduled", publishAt: NOW + MINUTE },
    });
    expect(decideMetaWrite(live, early, NOW)).toMatchObject({ holdBack: true, rebuild: true });
    expect(decideMetaWrite(live, early, NOW)).not.toHaveProperty("takeDownPost");
  });

  it("takes the post down with metadata unpublished or deleted alone", () => {
    expect(decideMetaWrite(live, draft, NOW).takeDownPost).toBe("post-a");
    expect(decideMetaWrite(live, undefined, NOW).takeDownPost).toBe("post-a");
    expect(decideMetaWrite(draft, { ...draft, title: "B" }, NOW).takeDownPost).toBeUndefined();
  });
});

describe("blogWriteVisible", () => {
  const post = { title: "A", slug: "a", published: true };
  it("is true when a shown post changes, or comes or goes; false for editorial fields and unpublished posts", () => {
    expect(blogWriteVisible(post, { ...post, title: "B" }, NOW)).toBe(true);
    expect(blogWriteVisible(post, { ...post, published: false }, NOW)).toBe(true);
    expect(blogWriteVisible(post, { ...post, changedBy: { uid: "u", email: "e", action: "saved" } }, NOW)).toBe(false);
    expect(blogWriteVisible({ ...post, published: false }, { ...post, published: false, title: "B" }, NOW)).toBe(false);
  });
});
