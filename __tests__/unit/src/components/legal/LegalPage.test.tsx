import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { LegalPage, type LegalSection } from "../../../../../src/components/legal/LegalPage";

// The body of a policy page, from any sections: its title, the date it changed, the contents, and
// the sections numbered in order, each under its own anchor. (legal-document.test.tsx renders the
// real policies through it.)

const sections: LegalSection[] = [
  { id: "introduction", title: "Introduction", content: <p>Why this policy exists.</p> },
  { id: "eligibility", title: "Who can use Kindred", content: <p>Adults only.</p> },
  { id: "contact", title: "Contact", content: <p>Write to us.</p> },
];

function page(intro?: React.ReactNode) {
  return render(
    <LegalPage
      title="Terms and Conditions"
      lastUpdated="1 November 2023"
      lastUpdatedDateTime="2023-11-01"
      intro={intro}
      sections={sections}
    />,
  );
}

describe("LegalPage", () => {
  it("is an article named by its title, with the date it last changed", () => {
    const { container } = page();
    const article = screen.getByRole("article", { name: "Terms and Conditions" });
    expect(within(article).getByText(/^Last updated:/)).toHaveTextContent("Last updated: 1 November 2023");
    expect(container.querySelector("time")).toHaveAttribute("datetime", "2023-11-01");
  });

  it("numbers the sections in order, each a region under its anchor", () => {
    page();
    const regions = sections.map((section, index) =>
      screen.getByRole("region", { name: `${index + 1}. ${section.title}` }),
    );
    expect(regions.map((region) => region.id)).toEqual(["introduction", "eligibility", "contact"]);
    expect(within(regions[1]!).getByText("Adults only.")).toBeInTheDocument();
  });

  it("lists the sections in a contents box that links to each anchor, unnumbered", () => {
    page();
    const contents = screen.getByRole("navigation", { name: "Contents" });
    const links = within(contents).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Introduction", "#introduction"],
      ["Who can use Kindred", "#eligibility"],
      ["Contact", "#contact"],
    ]);
    expect(within(contents).getByRole("list").tagName).toBe("OL");
  });

  it("shows an introduction before the contents only when there is one", () => {
    const { unmount } = page(<p>Please read these terms.</p>);
    const intro = screen.getByText("Please read these terms.");
    expect(
      intro.compareDocumentPosition(screen.getByRole("navigation", { name: "Contents" })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    unmount();
    const { container } = page();
    expect(container.querySelector("header")?.children).toHaveLength(2);
  });
});
