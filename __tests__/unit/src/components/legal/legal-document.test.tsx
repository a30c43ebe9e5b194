import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { LegalPage } from "../../../../../src/components/legal/LegalPage";
import { legalDocument } from "../../../../../src/components/legal/legal-document";
import { LegalDocumentError } from "../../../../../src/components/legal/legal-markdown";
import { SUPPORT_EMAIL } from "../../../../../src/components/legal/SupportEmailLink";
import { formatted, legalSource, matter, pageData } from "../../../../support/legal-markdown";

// The policy documents go through the same steps as in a build (support/legal-markdown.ts): the
// transformer's front matter parser, Markdown parser and HTML syntax tree. legal-markdown.test.tsx
// checks the renderer on Markdown of its own.

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
  const markdown = legalSource(name);

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
  const valid = legalSource("terms");

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
});
