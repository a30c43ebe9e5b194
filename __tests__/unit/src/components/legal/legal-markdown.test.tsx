import * as React from "react";
import { render } from "@testing-library/react";
import { LegalPage } from "../../../../../src/components/legal/LegalPage";
import { legalContent, LegalDocumentError } from "../../../../../src/components/legal/legal-markdown";
import { SUPPORT_EMAIL } from "../../../../../src/components/legal/SupportEmailLink";
import { htmlAst } from "../../../../support/legal-markdown";

// The narrow Markdown renderer of the policy texts, fed the syntax tree gatsby-transformer-remark
// gives: what it keeps, and the message, naming the file, with which it refuses everything else.
// (legal-document.test.tsx runs the real policies through it.)

describe("legalContent", () => {
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

  test("names the file and the place of the problem in every refusal", () => {
    expect(() => legalContent(htmlAst("## One\n\nText.\n"), "content/legal/terms.md")).toThrow(
      /^content\/legal\/terms\.md: the section heading "One" needs its anchor, written as "## One \{#some-anchor\}"$/,
    );
    expect(() => legalContent(null, "content/legal/safety.md")).toThrow(
      "content/legal/safety.md: no Markdown body was found",
    );
  });

  test("reads a loose list's items as paragraphs, and a placeholder written with spaces", () => {
    const { sections } = legalContent(
      htmlAst("## One {#one}\n\n- first\n\n- write to {{ supportEmail }}\n"),
      "test.md",
    );
    const { container } = render(
      <LegalPage title="T" lastUpdated="1 May 2024" lastUpdatedDateTime="2024-05-01" sections={sections} />,
    );
    expect(container.querySelector("section#one ul")?.innerHTML).toBe(
      `<li><p>first</p></li><li><p>write to <a href="mailto:${SUPPORT_EMAIL}">${SUPPORT_EMAIL}</a></p></li>`,
    );
  });
});
