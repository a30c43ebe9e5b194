import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { LegalPageData } from "../../src/components/legal/legal-document";

// The policy documents (content/legal/*.md) as a build reads them: gatsby-transformer-remark's front
// matter parser, Markdown parser and HTML syntax tree (with the plugin options of gatsby-config: no
// GFM, no footnotes), loaded from the transformer's own dependencies so the versions are the same.
const projectRequire = createRequire(path.join(process.cwd(), "package.json"));
const transformerRequire = createRequire(projectRequire.resolve("gatsby-transformer-remark"));

/** The transformer's front matter parser. */
export const matter = transformerRequire("gray-matter") as (text: string) => {
  data: Record<string, unknown>;
  content: string;
};
const Remark = transformerRequire("remark") as new () => { parse(markdown: string): unknown };
const toHast = transformerRequire("mdast-util-to-hast") as (
  tree: unknown,
  options: { allowDangerousHtml: boolean },
) => unknown;
const removePosition = transformerRequire("unist-util-remove-position") as (tree: unknown, force: boolean) => unknown;
/** Gives the root of a syntax tree: a JSON object, as the htmlAst field's generated type has it. */
const reparseRaw = transformerRequire("hast-util-raw") as (tree: unknown) => Record<string, unknown>;

/** The htmlAst field gatsby-transformer-remark gives a Markdown body. */
export const htmlAst = (markdown: string): Record<string, unknown> =>
  reparseRaw(removePosition(toHast(new Remark().parse(markdown), { allowDangerousHtml: true }), true));

const LEGAL_DIR = path.join(process.cwd(), "content", "legal");

/** The text of content/legal/<name>.md. */
export const legalSource = (name: string): string => readFileSync(path.join(LEGAL_DIR, `${name}.md`), "utf8");

/** A YAML date as the transformer stores it (a JSON string), formatted as the page query asks. */
export function formatted(value: unknown): { lastUpdated: string | null; lastUpdatedDateTime: string | null } {
  const text = value instanceof Date ? value.toJSON() : typeof value === "string" ? value : "";
  if (!/^\d{4}-\d{2}-\d{2}(T00:00:00\.000Z)?$/.test(text) || Number.isNaN(Date.parse(text))) {
    return { lastUpdated: null, lastUpdatedDateTime: null };
  }
  const date = new Date(text);
  return {
    lastUpdated: date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    lastUpdatedDateTime: text.slice(0, 10),
  };
}

/** What a policy page's query returns for a Markdown file's text. */
export function pageData(markdown: string): LegalPageData {
  const { data, content } = matter(markdown);
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  return {
    file: {
      childMarkdownRemark: {
        frontmatter: { title: text(data.title), summary: text(data.summary), ...formatted(data.lastUpdated) },
        htmlAst: htmlAst(content),
      },
    },
  };
}
