import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import About from "../../../../../src/components/home/About";
import { NavBar } from "../../../../../src/components/layout/NavBar";

// "About us" on Home: a section the navigation's About link lands on, its illustration loaded only
// as it nears the viewport.

describe("About", () => {
  it("is the section the navigation's About link points at", () => {
    render(
      <>
        <NavBar />
        <About />
      </>,
    );
    const section = screen.getByRole("region", { name: "About us" });
    const link = screen.getByRole("link", { name: "About" }).getAttribute("href") ?? "";
    expect(`#${section.id}`).toBe(link.slice(link.indexOf("#")));
  });

  it("tells who Kindred is, beside an illustration described for those who cannot see it", () => {
    render(<About />);
    const section = screen.getByRole("region", { name: "About us" });
    expect(within(section).getByRole("heading", { level: 2 })).toHaveTextContent("About us");
    expect(section).toHaveTextContent(/Kindred started in Bengaluru/);
    const illustration = within(section).getByRole("img");
    expect(illustration).toHaveAccessibleName(/two people at a café table/i);
    expect(illustration).toHaveAttribute("loading", "lazy");
    expect(illustration).toHaveAttribute("width", "520");
    expect(illustration).toHaveAttribute("height", "390");
  });
});
