/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { SafeBlock } from "../../../../../packages/article/src/safe-block";
import { highlightCode, highlightCodeBlocks, languageFor } from "../../../../../packages/article/src/code-highlight";
import { finishBody } from "../../../../../packages/article/src/finished-body";

const root = path.join(__dirname, "../../../../..");

/** Every tag in some HTML, as written. */
const tags = (html: string): string[] => html.match(/<[^>]*>/g) ?? [];

/** The text of highlighted HTML with its entities decoded. */
const text = (html: string): string =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("highlightCode", () => {
  it("wraps tokens in hljs spans and keeps the code itself, character for character", () => {
    const code = 'const greeting = "hi" + 1; // say it\nif (a < b && c > d) greet(greeting);';
    const html = highlightCode(code, "js");
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-string">&quot;hi&quot;</span>');
    expect(html).toContain('<span class="hljs-comment">// say it</span>');
    expect(text(html!)).toBe(code);
  });

  it("escapes markup in the code: it is shown, never interpreted", () => {
    const code = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    for (const language of ["html", "javascript", "python"]) {
      const html = highlightCode(code, language)!;
      expect(html).not.toMatch(/<(img|script)/i);
      expect(text(html)).toBe(code);
      for (const tag of tags(html)) expect(tag).toMatch(/^(<span class="hljs-[\w-]+( hljs-[\w-]+)*">|<\/span>)$/);
    }
  });

  it('leaves only <span class="hljs-…"> in its output, whatever the language produces', () => {
    const samples: [string, string][] = [
      [
        "xml",
        '<div class="a" style="color:red"><style>p { color: red }</style><a href="javascript:alert(1)">x</a></div>',
      ],
      ["markdown", "# Title\n\n[link](javascript:alert(1)) and **bold** `code`\n\n<iframe src=//evil></iframe>"],
      ["typescript", "class A<T> { private x: T; constructor() { this.x = `${1}` as unknown as T; } }"],
      ["sql", "SELECT * FROM users WHERE name = 'x'' OR 1=1 --' ;"],
    ];
    for (const [language, code] of samples) {
      const html = highlightCode(code, language)!;
      expect(html).not.toBeNull();
      for (const tag of tags(html)) expect(tag).toMatch(/^(<span class="hljs-[\w-]+( hljs-[\w-]+)*">|<\/span>)$/);
      expect(text(html)).toBe(code);
    }
  });

  it("leaves code plain when no known language is named", () => {
    expect(highlightCode("SELECT 1", undefined)).toBeNull();
    expect(highlightCode("SELECT 1", "cobol-2077")).toBeNull();
    expect(highlightCode("SELECT 1", 42)).toBeNull();
    expect(highlightCode("", "sql")).toBeNull();
  });

  it("knows the usual aliases", () => {
    expect(languageFor(" TS ")).toBe("typescript");
    expect(languageFor("sh")).toBe("bash");
    expect(languageFor("html")).toBe("xml");
    expect(languageFor("__proto__")).toBeNull();
    expect(languageFor("constructor")).toBeNull();
  });
});

describe("highlightCodeBlocks", () => {
  it("highlights each code block in the language its raw block names, matching code blocks in order", () => {
    const raw = [
      { type: "paragraph", data: { text: "Intro" } },
      { type: "code", data: { code: "let a = 1;", language: "javascript" } },
      "not a block",
      { type: "code", data: { code: "Hi Meera! See you at 7?" } },
      { type: "code", data: { code: "x = 1", lang: "python" } },
    ];
    const blocks: SafeBlock[] = [
      { type: "paragraph", html: "Intro" },
      { type: "code", code: "let a = 1;" },
      { type: "code", code: "Hi Meera! See you at 7?" },
      { type: "code", code: "x = 1" },
    ];
    const result = highlightCodeBlocks(blocks, raw);
    expect(result[0]).toBe(blocks[0]);
    expect(result[1]).toEqual({
      type: "code",
      code: "let a = 1;",
      highlighted: expect.stringContaining('<span class="hljs-keyword">let</span>'),
    });
    expect(result[2]).toEqual({ type: "code", code: "Hi Meera! See you at 7?" });
    expect(result[3]).toEqual({ type: "code", code: "x = 1", highlighted: expect.stringContaining("hljs-") });
  });

  it("highlights nothing when the raw blocks do not line up with the safe ones", () => {
    const blocks: SafeBlock[] = [{ type: "code", code: "let a = 1;" }];
    expect(highlightCodeBlocks(blocks, [{ type: "code", data: { code: "let b = 2;", language: "js" } }])).toEqual(
      blocks,
    );
    expect(highlightCodeBlocks(blocks, undefined)).toEqual(blocks);
  });
});

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("the highlighted tokens' colours", () => {
  const css = readFileSync(path.join(root, "src/components/article-body/article-body.module.css"), "utf8");
  const globalCss = readFileSync(path.join(root, "src/styles/global.css"), "utf8");

  /** The code block's background: the variable or colour `.code` paints, resolved from global.css. */
  function codeBackground(): string {
    const rule = css.match(/\.code\s*\{([^}]*)\}/)?.[1] ?? "";
    const value = rule.match(/background:\s*([^;]+);/)?.[1]?.trim() ?? "";
    const variable = value.match(/^var\((--[\w-]+)\)$/)?.[1];
    const resolved = variable ? globalCss.match(new RegExp(`${variable}:\\s*(#[0-9a-fA-F]{6})`))?.[1] : value;
    if (!resolved || !/^#[0-9a-fA-F]{6}$/.test(resolved))
      throw new Error(`cannot read the code background from "${value}"`);
    return resolved;
  }

  /** Every colour set by a rule that styles an hljs token. */
  function tokenColours(): { selector: string; colour: string }[] {
    return [...css.matchAll(/([^{}]*hljs-[^{}]*)\{([^}]*)\}/g)].flatMap(([, selector, body]) => {
      const colour = body!.match(/(?:^|;|\s)color:\s*([^;]+);/)?.[1]?.trim();
      return colour ? [{ selector: selector!.trim().replace(/\s+/g, " "), colour }] : [];
    });
  }

  it("are defined, each as a #rrggbb colour", () => {
    const colours = tokenColours();
    expect(colours.length).toBeGreaterThanOrEqual(6);
    for (const { selector, colour } of colours) expect(`${selector}: ${colour}`).toMatch(/: #[0-9a-fA-F]{6}$/);
  });

  it("each have a contrast of at least 4.5:1 with the code background", () => {
    const background = codeBackground();
    const weak = tokenColours()
      .map(({ selector, colour }) => ({
        selector,
        colour,
        ratio: Math.round(contrast(colour, background) * 100) / 100,
      }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(weak).toEqual([]);
  });

  it("the contrast computation itself: black on white is 21:1, a grey too light fails", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#5c5163", "#1d1522")).toBeLessThan(4.5);
  });
});

describe("an article's body as the build stores it", () => {
  it("carries the highlighted code of a block whose editor named its language, and only of that one", () => {
    const blocks = [
      { type: "code", data: { code: "SELECT 1;", language: "sql" } },
      { type: "code", data: { code: "Hi Meera!" } },
    ];
    const [sql, message] = finishBody(blocks, "Code").safeBlocks;
    expect(sql).toEqual({
      type: "code",
      code: "SELECT 1;",
      highlighted: expect.stringContaining('<span class="hljs-keyword">SELECT</span>'),
    });
    expect(message).toEqual({ type: "code", code: "Hi Meera!" });
  });
});
