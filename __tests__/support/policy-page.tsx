import * as React from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { graphql, type PageProps } from "gatsby";
import { legalSource, matter, pageData } from "./legal-markdown";

// The tests every policy page (/terms, /privacy, /safety) passes: the page draws the policy in
// content/legal/<name>.md, read as a build reads it, with its summary as the page's description.
// (legal-document.test.tsx checks every policy's own sections and anchors.)

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

/** Defines the tests of the policy page `Page`, whose document is content/legal/`name`.md, titled `title`. */
export function describePolicyPage(name: string, Page: React.ComponentType<never>, title: string): void {
  const markdown = legalSource(name);
  const { data: frontMatter } = matter(markdown);
  const Policy = Page as React.ComponentType<PageProps<unknown>>;
  const visit = (): void => {
    render(<Policy {...({ data: pageData(markdown) } as PageProps<unknown>)} />);
  };

  afterEach(() => {
    document.head.innerHTML = "";
    document.title = "";
  });

  describe(`the ${title} page`, () => {
    it(`asks for its own document, content/legal/${name}.md`, () => {
      const own = `file(sourceInstanceName: { eq: "legal" }, name: { eq: "${name}" })`;
      const queries = jest.mocked(graphql).mock.calls.map(([strings]) => (strings as TemplateStringsArray).join(""));
      expect(queries.filter((query) => query.includes(own))).toHaveLength(1);
    });

    it("shows the policy under its title, with its numbered sections and their contents", () => {
      visit();
      const policy = screen.getByRole("article", { name: title });
      expect(frontMatter.title).toBe(title);
      const contents = within(screen.getByRole("navigation", { name: "Contents" })).getAllByRole("link");
      expect(contents.length).toBeGreaterThan(3);
      expect(
        within(policy)
          .getAllByRole("heading", { level: 2 })
          .map((heading) => heading.textContent),
      ).toEqual(contents.map((link, index) => `${index + 1}. ${link.textContent}`));
    });

    it(`is titled after the policy, described by its summary, at /${name}`, async () => {
      visit();
      await waitFor(() => expect(document.title).toBe(`${title} | Kindred`));
      expect(meta('meta[name="description"]')).toBe(frontMatter.summary);
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `https://kindred.test/${name}`,
      );
      expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    });

    it("has the site's frame: navigation and footer", () => {
      visit();
      expect(screen.getAllByRole("navigation").length).toBeGreaterThan(1);
      expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    });
  });
}
