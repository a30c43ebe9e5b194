import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import Features from "../../../../../src/components/home/Features";
import { Hero } from "../../../../../src/components/home/Hero";
import { NavBar } from "../../../../../src/components/layout/NavBar";

// The features on Home: six short promises, each a titled card, in the section that the navigation's
// Features link and the hero's "See how it works" both land on.

describe("Features", () => {
  it("lists six features, each with its own title and text", () => {
    render(<Features />);
    const section = screen.getByRole("region", { name: "Built for real connections" });
    const cards = within(section).getAllByRole("listitem");
    expect(cards).toHaveLength(6);
    const titles = cards.map((card) => within(card).getByRole("heading", { level: 3 }).textContent);
    expect(new Set(titles).size).toBe(6);
    expect(titles).toContain("Verified profiles");
    for (const card of cards) expect(card.querySelector("p")?.textContent?.length).toBeGreaterThan(40);
  });

  it("keeps its icons out of the accessibility tree", () => {
    const { container } = render(<Features />);
    const icons = [...container.querySelectorAll("svg")];
    expect(icons).toHaveLength(6);
    for (const icon of icons) expect(icon).toHaveAttribute("aria-hidden", "true");
  });

  it("is where the navigation's Features link and the hero's second link lead", () => {
    render(
      <>
        <NavBar />
        <Hero />
        <Features />
      </>,
    );
    const { id } = screen.getByRole("region", { name: "Built for real connections" });
    const targets = [
      screen.getByRole("link", { name: "Features" }),
      screen.getByRole("link", { name: "See how it works" }),
    ].map((link) => (link.getAttribute("href") ?? "").replace(/^\//, ""));
    expect(targets).toEqual([`#${id}`, `#${id}`]);
  });
});
