import { checkArticle, checkDraft, MAX_CONTENT_BYTES } from "@kindred/article";

// What the editors' API refuses a save for, and which blocks it says the build would leave out:
// the build's own rules, applied to the fields an editor sends.
const fields = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: "Plan a relaxed first date",
  slug: "plan-a-relaxed-first-date",
  categories: ["First Dates"],
  featureImage: "https://firebasestorage.googleapis.com/v0/b/demo/o/cover.webp",
  content: { time: 1, version: "2.31.0", blocks: [{ type: "paragraph", data: { text: "Hello" } }] },
  ...overrides,
});

describe("checkDraft", () => {
  it("passes fields a build would publish, with nothing left out", () => {
    expect(checkDraft("a1", fields())).toEqual({ reasons: [], blocksLeftOut: [] });
  });

  it("names every field a build would refuse, in the articleStatus shape", () => {
    const { reasons } = checkDraft("a1", fields({ title: "", slug: "Bad Slug", categories: "Dating" }));
    expect(reasons).toEqual([
      {
        document: "blogMetaData/a1",
        field: "title",
        rule: "must be a non-empty string",
        message: 'blogMetaData/a1: field "title" must be a non-empty string',
      },
      expect.objectContaining({ field: "slug", rule: expect.stringMatching(/^must match/) }),
      expect.objectContaining({ field: "categories", rule: "must be a list of non-empty strings" }),
    ]);
  });

  it("refuses exactly what the build's checkArticle refuses once published", () => {
    for (const broken of [{ featureImage: "" }, { content: { blocks: "no" } }, { slug: "x".repeat(101) }]) {
      const draft = fields(broken);
      const build = checkArticle({ ...draft, blogId: "a1", published: true, lastUpdate: new Date() });
      const [first] = checkDraft("a1", draft).reasons;
      expect(build.ok ? null : build.problem).toEqual({ field: first!.field, message: first!.rule });
    }
  });

  it("ignores fields an editor may not set (published, blogId, lastUpdate)", () => {
    expect(checkDraft("a1", fields({ published: "yes", blogId: 7, lastUpdate: "never" })).reasons).toEqual([]);
  });

  it("refuses a body too large to store", () => {
    const text = "x".repeat(MAX_CONTENT_BYTES);
    const { reasons } = checkDraft("a1", fields({ content: { blocks: [{ type: "paragraph", data: { text } }] } }));
    expect(reasons).toEqual([
      expect.objectContaining({ field: "content", rule: expect.stringMatching(/bytes as JSON/) }),
    ]);
  });

  it("reports the blocks the build would leave out by their place in the saved body", () => {
    const content = {
      blocks: [
        { type: "paragraph", data: { text: "Kept" } },
        "not a block",
        { type: "hologram", data: {} },
        { type: "paragraph", data: { text: "Kept too" } },
      ],
    };
    const { reasons, blocksLeftOut } = checkDraft("a1", fields({ content }));
    expect(reasons).toEqual([]);
    expect(blocksLeftOut.map(({ block, type }) => [block, type])).toEqual([
      [1, "(none)"],
      [2, "hologram"],
    ]);
    expect(blocksLeftOut.every((left) => left.document === "blogMetaData/a1" && left.reason.length > 0)).toBe(true);
  });
});
