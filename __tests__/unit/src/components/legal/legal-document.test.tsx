import * as React from "react";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { render, screen, within } from "@testing-library/react";
import { LegalPage } from "../../../../../src/components/legal/LegalPage";
import { legalDocument, type LegalPageData } from "../../../../../src/components/legal/legal-document";
import { legalContent, LegalDocumentError } from "../../../../../src/components/legal/legal-markdown";
import { SUPPORT_EMAIL } from "../../../../../src/components/legal/SupportEmailLink";

// The policy documents go through the same steps as in a build: gatsby-transformer-remark's front
// matter parser, Markdown parser and HTML syntax tree (with the plugin options of gatsby-config: no
// GFM, no footnotes), loaded from the transformer's own dependencies so the versions are the same.
const projectRequire = createRequire(path.join(process.cwd(), "package.json"));
const transformerRequire = createRequire(projectRequire.resolve("gatsby-transformer-remark"));
const matter = transformerRequire("gray-matter") as (text: string) => {
  data: Record<string, unknown>;
  content: string;
};
const Remark = transformerRequire("remark") as new () => { parse(markdown: string): unknown };
const toHast = transformerRequire("mdast-util-to-hast") as (
  tree: unknown,
  options: { allowDangerousHtml: boolean },
) => unknown;
const removePosition = transformerRequire("unist-util-remove-position") as (tree: unknown, force: boolean) => unknown;
const reparseRaw = transformerRequire("hast-util-raw") as (tree: unknown) => unknown;

/** The htmlAst field gatsby-transformer-remark gives a Markdown body. */
const htmlAst = (markdown: string): unknown =>
  reparseRaw(removePosition(toHast(new Remark().parse(markdown), { allowDangerousHtml: true }), true));

const LEGAL_DIR = path.join(process.cwd(), "content", "legal");
const source = (name: string): string => readFileSync(path.join(LEGAL_DIR, `${name}.md`), "utf8");

/** A YAML date as the transformer stores it (a JSON string), formatted as the page query asks. */
function formatted(value: unknown): { lastUpdated: string | null; lastUpdatedDateTime: string | null } {
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
function pageData(markdown: string): LegalPageData {
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

// Anchors are addresses (/terms#eligibility, links from elsewhere): a change must be deliberate.
const EXPECTED: Record<string, { title: string; sections: [id: string, title: string][] }> = {
  terms: {
    title: "Terms and Conditions",
    sections: [
      ["about-these-terms", "About these terms"],
      ["eligibility", "Who can use Kindred"],
      ["your-account", "Your account"],
      ["community-rules", "Community rules"],
      ["your-content", "Your content"],
      ["safety", "Staying safe"],
      ["suspension-and-termination", "Suspension and termination"],
      ["paid-features", "Paid features"],
      ["liability", "Disclaimers and liability"],
      ["changes", "Changes to these terms"],
      ["governing-law", "Governing law and disputes"],
      ["contact", "Contact"],
    ],
  },
  privacy: {
    title: "Privacy Policy",
    sections: [
      ["who-we-are", "Who we are"],
      ["data-we-collect", "The personal data we collect"],
      ["how-we-use-it", "How we use your data"],
      ["sharing", "Who we share it with"],
      ["retention", "How long we keep it"],
      ["security", "How we protect it"],
      ["your-rights", "Your rights"],
      ["children", "Children"],
      ["changes", "Changes to this policy"],
      ["contact", "Contact"],
    ],
  },
  safety: {
    title: "Safety and Child Protection Policy",
    // The product fixes these nine titles and their order.
    sections: [
      ["introduction", "Introduction"],
      ["commitment-to-safety", "Commitment to safety"],
      ["reporting-and-enforcement", "Reporting and enforcement"],
      ["user-education", "User education"],
      ["content-moderation", "Content moderation"],
      ["collaboration-and-advisory", "Collaboration and advisory"],
      ["compliance-with-indian-laws", "Compliance with Indian laws"],
      ["data-protection-and-privacy", "Data protection and privacy"],
      ["contact", "Contact"],
    ],
  },
};

describe.each(Object.keys(EXPECTED))("content/legal/%s.md", (name) => {
  const expected = EXPECTED[name]!;
  const markdown = source(name);

  test("has its title, summary and last-updated date in the front matter", () => {
    const { data } = matter(markdown);
    expect(data.title).toBe(expected.title);
    expect(typeof data.summary === "string" && data.summary.length >= 40).toBe(true);
    expect(formatted(data.lastUpdated).lastUpdatedDateTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("renders its sections numbered, each under its anchor and listed in the contents", () => {
    const { summary: _summary, ...props } = legalDocument(pageData(markdown), name);
    const { container } = render(<LegalPage {...props} />);

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(expected.title);
    const time = container.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe(formatted(matter(markdown).data.lastUpdated).lastUpdatedDateTime);
    expect(time?.textContent).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

    const sections = [...container.querySelectorAll("article > section")];
    expect(sections.map((section) => section.id)).toEqual(expected.sections.map(([id]) => id));
    sections.forEach((section, index) => {
      const heading = within(section as HTMLElement).getByRole("heading", { level: 2 });
      expect(heading).toHaveTextContent(`${index + 1}. ${expected.sections[index]![1]}`);
      expect(section).toHaveAttribute("aria-labelledby", heading.id);
      expect(section.querySelector("p, ul, ol")).not.toBeNull();
    });

    const contents = within(screen.getByRole("navigation", { name: "Contents" })).getAllByRole("link");
    expect(contents.map((link) => [link.getAttribute("href"), link.textContent])).toEqual(
      expected.sections.map(([id, title]) => [`#${id}`, title]),
    );
  });

  test("gives the support address only through {{supportEmail}}, as a link to SUPPORT_EMAIL", () => {
    expect(markdown).toContain("{{supportEmail}}");
    expect(markdown).not.toMatch(/@|mailto:/);
    const { summary: _summary, ...props } = legalDocument(pageData(markdown), name);
    const { container } = render(<LegalPage {...props} />);
    const mailLinks = [...container.querySelectorAll('a[href^="mailto:"]')];
    expect(mailLinks.length).toBe(matter(markdown).content.split("{{supportEmail}}").length - 1);
    for (const link of mailLinks) {
      expect(link).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
      expect(link).toHaveTextContent(SUPPORT_EMAIL);
    }
    expect(container.textContent).not.toMatch(/\{\{|\}\}|\{#/);
  });
});

describe("legalDocument", () => {
  const valid = source("terms");

  test.each([
    ["the date", /^lastUpdated: .*\n/m],
    ["the title", /^title: .*\n/m],
    ["the summary", /^summary: .*\n/m],
  ])("refuses a document without %s in its front matter", (_field, line) => {
    expect(valid).toMatch(line);
    expect(() => legalDocument(pageData(valid.replace(line, "")), "terms")).toThrow(LegalDocumentError);
  });

  test("refuses a page whose file is missing", () => {
    expect(() => legalDocument({ file: null }, "terms")).toThrow(/content\/legal\/terms\.md: the file was not found/);
  });

  test("keeps text, bold, italics and links, turning site paths into page links", () => {
    const { intro, sections } = legalContent(
      htmlAst(
        "Intro *here*.\n\n## One {#one}\n\nSee **our** [Privacy Policy](/privacy) or\n[the portal](https://cybercrime.gov.in).\n\n### Detail\n\n- a\n- b {{supportEmail}}\n",
      ),
      "test.md",
    );
    const { container } = render(
      <LegalPage
        title="T"
        lastUpdated="1 May 2024"
        lastUpdatedDateTime="2024-05-01"
        intro={intro}
        sections={sections}
      />,
    );
    expect(container.querySelector("header em")).toHaveTextContent("here");
    const [heading, ...body] = [...container.querySelector("section#one")!.children];
    expect(heading).toHaveTextContent("1. One");
    expect(body.map((element) => element.outerHTML).join("")).toBe(
      '<p>See <strong>our</strong> <a href="/privacy">Privacy Policy</a> or <a href="https://cybercrime.gov.in">the portal</a>.</p>' +
        "<h3>Detail</h3>" +
        `<ul><li>a</li><li>b <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a></li></ul>`,
    );
  });

  test.each([
    ["raw HTML", "## One {#one}\n\n<script>alert(1)</script>\n", /<script> is not allowed/],
    ["inline HTML", '## One {#one}\n\nText <span onclick="x()">here</span>.\n', /<span> is not allowed/],
    ["an HTML comment", "## One {#one}\n\n<!-- note -->\n\nText.\n", /comments are not allowed/],
    ["an image", "## One {#one}\n\n![logo](/logo.png)\n", /<img> is not allowed/],
    ["a section heading without its anchor", "## One\n\nText.\n", /needs its anchor/],
    ["a heading with formatting", "## One **two** {#one}\n\nText.\n", /plain text/],
    ["two sections with one anchor", "## One {#one}\n\nText.\n\n## Two {#one}\n\nText.\n", /share the anchor #one/],
    ["an empty section", "## One {#one}\n\n## Two {#two}\n\nText.\n", /#one is empty/],
    ["a level-one heading", "# Title\n\n## One {#one}\n\nText.\n", /front matter/],
    ["no sections", "Only an introduction.\n", /no sections/],
    ["a script link", "## One {#one}\n\n[x](javascript:alert(1))\n", /links must go to/],
    ["a plain http link", "## One {#one}\n\n[x](http://example.com)\n", /links must go to/],
    ["a protocol-relative link", "## One {#one}\n\n[x](//example.com)\n", /links must go to/],
    [
      "an address typed as a link",
      "## One {#one}\n\n[mail](mailto:someone@example.com)\n",
      /write \{\{supportEmail\}\}/,
    ],
    ["an unknown placeholder", "## One {#one}\n\nWrite to {{salesEmail}}.\n", /unknown placeholder \{\{salesEmail\}\}/],
    ["a placeholder inside a link", "## One {#one}\n\n[{{supportEmail}}](/terms)\n", /inside another link/],
    ["a link title attribute", '## One {#one}\n\n[x](/terms "Terms")\n', /attribute\(s\) title/],
  ])("refuses %s", (_what, markdown, message) => {
    expect(() => legalContent(htmlAst(markdown), "test.md")).toThrow(LegalDocumentError);
    expect(() => legalContent(htmlAst(markdown), "test.md")).toThrow(message);
  });
});
