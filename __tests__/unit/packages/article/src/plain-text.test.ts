import { plainText, sanitizeInline } from "../../../../../packages/article/src/inline-sanitizer";
import { safeBlock } from "../../../../../packages/article/src/block-sanitizer";
import { articleDescription } from "../../../../../packages/article/src/finished-body";

// plainText is the one way from article HTML to text: descriptions, social tags, JSON-LD and image
// alt texts all use it, and React escapes what it writes, so the text must come out decoded (once)
// and never escaped again.
describe("plainText", () => {
  it.each([
    ["an ampersand", "Rent &amp; bills", "Rent & bills"],
    ["angle brackets", "a &lt;b&gt; tag, and 1 &lt; 2 &gt; 0", "a <b> tag, and 1 < 2 > 0"],
    ["double quotes", '&quot;quoted&quot; and "raw"', '"quoted" and "raw"'],
    ["a numeric apostrophe", "it&#39;s", "it's"],
    ["a typographic apostrophe", "it&rsquo;s", "it\u2019s"],
    ["a hexadecimal entity", "caf&#xE9;", "café"],
    ["a decimal entity for an emoji", "love &#128150;", "love 💖"],
    ["a double-encoded ampersand, decoded once", "Tom &amp;amp; Jerry", "Tom &amp; Jerry"],
    ["a double-encoded tag, decoded once", "&amp;lt;b&amp;gt;", "&lt;b&gt;"],
    ["non-Latin scripts and emoji, untouched", "恋愛 · любовь · حب · प्यार 😀👩‍❤️‍👨", "恋愛 · любовь · حب · प्यार 😀👩‍❤️‍👨"],
    ["a bare ampersand", "R&D", "R&D"],
  ])("decodes %s", (_case, html, text) => {
    expect(plainText(html)).toBe(text);
  });

  it("turns non-breaking spaces, line breaks and runs of whitespace into single spaces, trimmed", () => {
    expect(plainText("  10&nbsp;km\u00a0away,\n\tthen<br>home<br/>again  ")).toBe("10 km away, then home again");
  });

  it("drops tags, keeping their text, and drops scripts and styles with theirs", () => {
    expect(
      plainText(
        '<b>Bold</b> and <a href="https://elsewhere.example/">a link</a><script>alert(1)</script><style>p{}</style>',
      ),
    ).toBe("Bold and a link");
  });

  it("keeps words apart where block elements met", () => {
    expect(plainText("<p>One</p><p>Two</p><div>Three</div>")).toBe("One Two Three");
  });

  it("gives the text of sanitized HTML back, whatever sanitizeInline escaped", () => {
    const stored = 'Rent &amp; bills &lt;3 "quotes" it&#39;s <b>bold</b> &amp;amp;';
    expect(plainText(sanitizeInline(stored))).toBe('Rent & bills <3 "quotes" it\'s bold &amp;');
  });

  it("returns an empty string for anything that is not a string", () => {
    expect(plainText(undefined)).toBe("");
    expect(plainText(42)).toBe("");
  });
});

describe("text derived from an article", () => {
  it("gives an image its caption as alt text, decoded once", () => {
    const result = safeBlock({
      type: "image",
      data: { file: { url: "/blog-images/a.webp" }, caption: "Tea &amp; cake &lt;3 at <b>Lou&rsquo;s</b>" },
    });
    expect(result).toMatchObject({
      block: {
        type: "image",
        alt: "Tea & cake <3 at Lou\u2019s",
        caption: "Tea &amp; cake &lt;3 at <b>Lou\u2019s</b>",
      },
    });
  });

  it("describes an article with the text of its first paragraph, decoded once", () => {
    const html = sanitizeInline("Rent &amp; bills: &quot;who pays?&quot; &amp;amp; more");
    expect(articleDescription([{ type: "paragraph", html }], "Title")).toBe('Rent & bills: "who pays?" &amp; more');
  });

  it("cuts a long description on its text, not on its entities", () => {
    const html = sanitizeInline(`${"&amp;".repeat(200)}`);
    const description = articleDescription([{ type: "paragraph", html }], "T");
    expect(description).toBe(`${"&".repeat(157)}…`);
  });

  it("never cuts an emoji in half", () => {
    const description = articleDescription([{ type: "paragraph", html: "💖".repeat(200) }], "T");
    expect(description).toBe(`${"💖".repeat(157)}…`);
    expect(description).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
