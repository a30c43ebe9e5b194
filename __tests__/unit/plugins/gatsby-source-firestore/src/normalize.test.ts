import { MAX_SLUG_LENGTH, type BlogPost } from "@kindred/article";
import {
  dropDuplicateSlugs,
  normalizeBlogPost,
  remoteImageResolver,
  type NormalizeContext,
} from "../../../../../plugins/gatsby-source-firestore/src/normalize";

const context: NormalizeContext = {
  resolveImage: remoteImageResolver({ hosts: ["images.example.test"], allowInsecure: false }),
};

const validData = () => ({
  blogId: "blog-1",
  title: "  How to plan a relaxed first date ",
  slug: "plan-a-relaxed-first-date",
  categories: ["First Dates", "Dating Tips"],
  featureImage: "https://images.example.test/cover.webp",
  published: true,
  lastUpdate: "2024-03-04T09:30:00.000Z",
  updatedOn: { seconds: 1709544600, nanoseconds: 500_000_000 },
  content: { time: 1, version: "2.28.2", blocks: [{ id: "b1", type: "paragraph", data: { text: "Hello" } }] },
});

describe("normalizeBlogPost", () => {
  it("accepts a valid document and trims its text", () => {
    const result = normalizeBlogPost({ id: "doc-1", data: validData() }, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.post).toMatchObject({
      documentId: "doc-1",
      title: "How to plan a relaxed first date",
      lastUpdate: "2024-03-04T09:30:00.000Z",
      updatedOn: "2024-03-04T09:30:00.500Z",
      featureImageUrl: "https://images.example.test/cover.webp",
    });
    expect(result.warnings).toEqual([]);
  });

  it("leaves out an unpublished document without a warning", () => {
    expect(normalizeBlogPost({ id: "d", data: { ...validData(), published: false } }, context)).toEqual({
      ok: false,
      problem: null,
    });
  });

  it.each([
    ["published", { published: "yes" }],
    ["blogId", { blogId: "" }],
    ["title", { title: "   " }],
    ["title", { title: 42 }],
    ["slug", { slug: "Not A Slug" }],
    ["slug", { slug: "double--hyphen" }],
    ["slug", { slug: undefined }],
    ["categories", { categories: "Dating Tips" }],
    ["categories", { categories: ["ok", 3] }],
    ["featureImage", { featureImage: "" }],
    ["featureImage", { featureImage: 42 }],
    ["lastUpdate", { lastUpdate: "soon" }],
    ["content", { content: "<p>html</p>" }],
    ["content", { content: { blocks: "none" } }],
  ])("refuses a document with a bad %s, naming its id and the field", (field, override) => {
    const result = normalizeBlogPost({ id: "bad-doc", data: { ...validData(), ...override } }, context);
    expect(result).toEqual({ ok: false, problem: expect.objectContaining({ id: "bad-doc", field }) });
  });

  it("refuses a document that is not an object", () => {
    expect(normalizeBlogPost({ id: "x", data: null }, context)).toEqual({
      ok: false,
      problem: expect.objectContaining({ id: "x", field: "(document)" }),
    });
  });

  it("keeps an article whose updatedOn is broken, as not updated yet, with a warning", () => {
    const result = normalizeBlogPost({ id: "d", data: { ...validData(), updatedOn: "never" } }, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.post.updatedOn).toBeNull();
    expect(result.warnings).toEqual([expect.objectContaining({ id: "d", field: "updatedOn" })]);
  });

  it("accepts an empty category list", () => {
    const result = normalizeBlogPost({ id: "d", data: { ...validData(), categories: [] } }, context);
    expect(result.ok && result.post.categories).toEqual([]);
  });

  it("keeps the malformed blocks it warns about on the post, for warm builds that do not read it again", () => {
    const clean = normalizeBlogPost({ id: "d", data: validData() }, context);
    expect(clean.ok && "malformedBlocks" in clean.post).toBe(false);
    const content = { blocks: [{ type: "paragraph", data: { text: "ok" } }, "junk"] };
    const result = normalizeBlogPost({ id: "d", data: { ...validData(), content } }, context);
    if (!result.ok) throw new Error("the article was refused");
    const problem = {
      id: "d",
      field: "content.blocks[1]",
      message: "is not an Editor.js block ({type, data}); left out",
    };
    expect(result.warnings).toEqual([problem]);
    expect(result.post.malformedBlocks).toEqual([problem]);
  });
});

describe("dropDuplicateSlugs", () => {
  const post = (documentId: string, slug: string, lastUpdate: string) => ({ documentId, slug, lastUpdate }) as BlogPost;

  it("keeps the newest article of a slug and reports the others", () => {
    const { kept, dropped } = dropDuplicateSlugs([
      post("old", "same", "2024-01-01T00:00:00.000Z"),
      post("new", "same", "2024-05-01T00:00:00.000Z"),
      post("other", "different", "2023-01-01T00:00:00.000Z"),
    ]);
    expect(kept.map((p) => p.documentId)).toEqual(["new", "other"]);
    expect(dropped).toEqual([expect.objectContaining({ id: "old", field: "slug" })]);
    expect(dropped[0]?.message).toContain("new");
  });

  it("breaks a tie on the document id, so every build picks the same one", () => {
    const { kept } = dropDuplicateSlugs([
      post("b", "s", "2024-01-01T00:00:00.000Z"),
      post("a", "s", "2024-01-01T00:00:00.000Z"),
    ]);
    expect(kept.map((p) => p.documentId)).toEqual(["a"]);
  });
});

describe("what the build cannot publish is skipped by name", () => {
  it("skips a slug longer than MAX_SLUG_LENGTH, naming the document and the field", () => {
    const result = normalizeBlogPost(
      { id: "long-slug-doc", data: { ...validData(), slug: "a".repeat(3000) } },
      context,
    );
    expect(result).toEqual({ ok: false, problem: expect.objectContaining({ id: "long-slug-doc", field: "slug" }) });
    if (!result.ok && result.problem) expect(result.problem.message).toContain("100");
  });

  it("publishes a slug of exactly MAX_SLUG_LENGTH characters", () => {
    const slug = `${"a".repeat(49)}-${"b".repeat(50)}`;
    expect(slug).toHaveLength(MAX_SLUG_LENGTH);
    const result = normalizeBlogPost({ id: "d", data: { ...validData(), slug } }, context);
    expect(result.ok && result.post.slug).toBe(slug);
  });
});

describe("cover images come only from allowed hosts", () => {
  const refusedCover = (featureImage: string, policy = { hosts: ["images.example.test"], allowInsecure: false }) => {
    const result = normalizeBlogPost(
      { id: "cover-doc", data: { ...validData(), featureImage } },
      { resolveImage: remoteImageResolver(policy) },
    );
    if (!result.ok) throw new Error("the article itself must be kept");
    return result;
  };

  it.each([
    ["a loopback address", "https://127.0.0.1/cover.webp"],
    ["a loopback address written as a number", "https://2130706433/cover.webp"],
    ["localhost", "https://localhost/cover.webp"],
    ["a private address", "https://10.1.2.3/cover.webp"],
    ["a cloud metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["plain http from an allowed host", "http://images.example.test/cover.webp"],
    ["a host that is not configured", "https://evil.example/cover.webp"],
    ["a javascript: URL", "javascript:alert(1)"],
  ])("keeps the article without a cover and warns when the cover is on %s", (_case, featureImage) => {
    const result = refusedCover(featureImage);
    expect(result.post.featureImageSource).toBeNull();
    expect(result.post.featureImageUrl).toBe("");
    expect(result.warnings).toEqual([expect.objectContaining({ id: "cover-doc", field: "featureImage" })]);
    expect(result.warnings[0]?.message).toContain("without a cover image");
  });

  it("downloads an https cover from a configured host", () => {
    const result = refusedCover("https://images.example.test/cover.webp");
    expect(result.post.featureImageSource).toEqual({
      kind: "url",
      url: "https://images.example.test/cover.webp",
      // Carried to the download, where every redirect must pass it as well.
      policy: { hosts: ["images.example.test"], allowInsecure: false },
    });
    expect(result.warnings).toEqual([]);
  });

  it("accepts the test image server on 127.0.0.1 only when a test allows insecure hosts", () => {
    const result = refusedCover("http://127.0.0.1:4321/cover.webp", { hosts: [], allowInsecure: true });
    expect(result.post.featureImageSource).toMatchObject({ kind: "url", url: "http://127.0.0.1:4321/cover.webp" });
    expect(
      refusedCover("http://evil.example/cover.webp", { hosts: [], allowInsecure: true }).post.featureImageSource,
    ).toBeNull();
  });
});
