import { cardFromDocument } from "../../../../src/lib/live-card";
import { article } from "../../../support/articles";

// A blogMetaData document changed after the build, as a blog card: the build's contract decides
// whether there is a card at all, and the build's cover policy whether it has a cover.

/** The cover policy a build writes into the bundle (the source plugin's __COVER_IMAGE_POLICY__). */
const withCoverPolicy = (hosts: string[]): void => {
  (globalThis as { __COVER_IMAGE_POLICY__?: unknown }).__COVER_IMAGE_POLICY__ = { hosts, allowInsecure: false };
};

afterEach(() => {
  delete (globalThis as { __COVER_IMAGE_POLICY__?: unknown }).__COVER_IMAGE_POLICY__;
});

describe("cardFromDocument: the live list applies the build's contract", () => {
  const data = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
    article("changed-after-the-build", {
      title: "Changed after the build",
      lastUpdate: { toDate: () => new Date("2025-04-01T00:00:00Z") },
      ...overrides,
    });

  it("makes a card of a valid document, without a cover the build would not download", () => {
    expect(cardFromDocument("meta-1", data())).toEqual({
      id: "meta-1",
      slug: "changed-after-the-build",
      title: "Changed after the build",
      categories: ["Dating Tips"],
      lastUpdate: "2025-04-01T00:00:00.000Z",
      imageSrc: undefined,
    });
  });

  it.each([
    ["a slug longer than any build publishes", { slug: `a-${"b".repeat(200)}` }],
    ["a slug that breaks the slug rule", { slug: "Not A Slug" }],
    ["no lastUpdate", { lastUpdate: undefined }],
    ["no blogId", { blogId: undefined }],
    ["no content", { content: undefined }],
  ])("makes no card of a document with %s", (_case, overrides) => {
    expect(cardFromDocument("meta-1", data(overrides))).toBeNull();
  });

  it("keeps a cover from a host the build downloads from", () => {
    withCoverPolicy(["images.example"]);
    expect(cardFromDocument("meta-1", data())?.imageSrc).toBe("https://images.example/cover.webp");
    expect(cardFromDocument("meta-1", data({ featureImage: "https://elsewhere.example/cover.webp" }))?.imageSrc).toBe(
      undefined,
    );
  });
});
