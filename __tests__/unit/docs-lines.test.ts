/** @jest-environment node */
// The docs must read as plain text, in a terminal or a diff as well as on GitHub: no prose line
// over 120 characters (Prettier's print width), which in practice means no padded wide tables and no
// paragraph left on one line. Code blocks are left alone (a command is copied as it is), and so is a
// line that is long only because of an address, which cannot be broken.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..");
const MAX = 120;

/** README.md, webhook/README.md and every Markdown file under docs/, relative to the root. */
function documentationFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.posix.join("docs", file.split(path.sep).join("/")));
  return ["README.md", "webhook/README.md", ...docs].filter((file) => existsSync(path.join(ROOT, file)));
}

/** Lines of a Markdown text with their numbers, leaving out fenced code blocks and their fences. */
function proseLines(markdown: string): { number: number; text: string }[] {
  const lines: { number: number; text: string }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = null;
    } else lines.push({ number: index + 1, text });
  });
  return lines;
}

/** Characters as a reader counts them: code points, so "›" or "×" is one. */
const width = (text: string): number => [...text].length;

/** The lines over the limit, as "file:line (width)"; a line fits when it does once its URLs are taken out. */
function overlongLines(file: string, markdown: string): string[] {
  return proseLines(markdown)
    .filter(({ text }) => width(text) > MAX && width(text.replace(/\b(?:https?|mailto):[^\s)>\]]+/g, "")) > MAX)
    .map(({ number, text }) => `${file}:${number} (${width(text)} characters)`);
}

describe("the line checker itself", () => {
  const long = "word ".repeat(30).trim(); // 149 characters

  it("reports a prose line, a list item and a table row over 120 characters, with their line numbers", () => {
    const markdown = ["# Title", "", long, `- ${long}`, `| ${long} |`, "x".repeat(MAX)].join("\n");
    expect(overlongLines("doc.md", markdown)).toEqual([
      "doc.md:3 (149 characters)",
      "doc.md:4 (151 characters)",
      "doc.md:5 (153 characters)",
    ]);
  });

  it("leaves fenced code blocks alone, whatever their fence, but reads on after them", () => {
    const markdown = ["```sh", long, "```", "~~~~", long, "```", long, "~~~~", long].join("\n");
    expect(overlongLines("doc.md", markdown)).toEqual(["doc.md:9 (149 characters)"]);
  });

  it("counts code points, and forgives a line that is long only because of an address", () => {
    const arrows = "›".repeat(MAX);
    const address = `See [the page](https://example.com/${"a".repeat(120)}) for more.`;
    expect(overlongLines("doc.md", [arrows, address, `${long} https://example.com`].join("\n"))).toEqual([
      "doc.md:3 (169 characters)",
    ]);
  });
});

describe("the repository's documentation", () => {
  it("includes the README and the docs folder", () => {
    const files = documentationFiles();
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "docs/requirements.md"]));
  });

  it("has no prose line over 120 characters", () => {
    const problems = documentationFiles().flatMap((file) =>
      overlongLines(file, readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(problems).toEqual([]);
  });
});
