/** @jest-environment node */
import { previewArticle, previewClaims, previewLinkParts } from "../../../../src/lib/preview-article";

const draft = {
  blogId: "blog-1",
  title: " A draft ",
  slug: "a-draft",
  categories: ["First Dates"],
  featureImage: "https://firebasestorage.googleapis.com/v0/b/x/o/cover.webp",
  published: false,
  lastUpdate: "2025-03-04T09:30:00.000Z",
  content: {
    blocks: [
      { type: "paragraph", data: { text: "Hello <script>x()</script><b>there</b>" } },
      { type: "code", data: { code: "const a = 1;", language: "javascript" } },
      { type: "mystery", data: {} },
    ],
  },
};

const token = (claims: unknown): string =>
  `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ claims })).toString("base64url")}.`;

describe("previewArticle", () => {
  it("judges a draft as the build will once it is published, sanitized and highlighted", () => {
    const result = previewArticle("meta-1", draft);
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect(result.article).toMatchObject({ title: "A draft", published: false, blogId: "blog-1" });
    expect(result.article.blocks[0]).toEqual({ type: "paragraph", html: "Hello <b>there</b>" });
    expect(result.article.blocks[1]).toMatchObject({
      type: "code",
      highlighted: expect.stringContaining("hljs-keyword"),
    });
    expect(result.article.blocks).toHaveLength(2);
    expect(result.article.warnings).toContainEqual(expect.stringMatching(/^field "content" block 2: .*left out$/));
  });

  it("names a left-out block by its place in the draft, counting the malformed blocks before it", () => {
    const result = previewArticle("meta-1", { ...draft, content: { blocks: ["junk", ...draft.content.blocks] } });
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect(result.article.warnings).toContainEqual(expect.stringMatching(/^field "content.blocks\[0\]" is not/));
    expect(result.article.warnings).toContainEqual(expect.stringMatching(/^field "content" block 3: .*left out$/));
  });

  it("names the field and the rule of a draft the build would refuse", () => {
    expect(previewArticle("meta-1", { ...draft, slug: "Not A Slug" })).toEqual({
      ok: false,
      problem: { field: "slug", message: expect.stringMatching(/^must match/) },
    });
  });

  it("leaves out a cover from a host the build does not allow, and says so", () => {
    const result = previewArticle("meta-1", { ...draft, featureImage: "https://evil.example/c.webp" });
    if (!result.ok) throw new Error("refused");
    expect(result.article.image).toBeNull();
    expect(result.article.warnings.some((warning) => warning.startsWith('field "featureImage"'))).toBe(true);
  });
});

describe("previewArticle and the editor's other tools", () => {
  const globals = globalThis as { __EDITOR_TOOL_NAMES__?: unknown };
  afterEach(() => delete globals.__EDITOR_TOOL_NAMES__);

  it("keeps the tunes and reads the tool names the site's bundle carries, as the build does", () => {
    // The bundle's define writes the plugin option editorToolNames here (browser-policy.ts).
    globals.__EDITOR_TOOL_NAMES__ = { callout: "warning", align: "alignment" };
    const blocks = [
      {
        type: "paragraph",
        data: { text: "Quoted" },
        tunes: { textVariant: "citation", align: { alignment: "center" } },
      },
      { type: "callout", data: { title: "Careful", message: "Meet in public" } },
    ];
    const result = previewArticle("meta-1", { ...draft, content: { blocks } });
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
    expect(result.article.blocks).toEqual([
      { type: "paragraph", html: "Quoted", tunes: { variant: "citation", alignment: "center" } },
      expect.objectContaining({ type: "warning" }),
    ]);
    expect(result.article.warnings.filter((warning) => warning.startsWith('field "content"'))).toEqual([]);
  });
});

describe("the link's parts", () => {
  it("reads the article and the token from the fragment", () => {
    expect(previewLinkParts("#article=meta-1&token=abc.def.")).toEqual({ article: "meta-1", token: "abc.def." });
    expect(previewLinkParts("#article=meta-1")).toBeNull();
    expect(previewLinkParts("")).toBeNull();
  });

  it("reads a custom token's preview claims, and nothing from a malformed one", () => {
    expect(previewClaims(token({ preview: "meta-1", previewExpires: 5 }))).toEqual({ article: "meta-1", expires: 5 });
    expect(previewClaims(token({ preview: "meta-1" }))).toBeNull();
    expect(previewClaims("not-a-token")).toBeNull();
    expect(previewClaims("a.%%%.")).toBeNull();
  });
});
