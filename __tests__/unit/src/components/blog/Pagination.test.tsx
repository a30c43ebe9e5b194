import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Pagination } from "../../../../../src/components/blog/Pagination";

describe("Pagination", () => {
  it("hides the previous arrow on page 1 and marks the current page", () => {
    render(<Pagination currentPage={1} numPages={5} />);
    const nav = screen.getByRole("navigation", { name: "Blog pages" });
    expect(within(nav).queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/2");
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(
      within(nav)
        .getAllByRole("link", { name: /^Page / })
        .map((a) => a.textContent),
    ).toEqual(["1", "2", "3"]);
    expect(screen.getByText("Total Pages: 5")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to page: 5" })).toHaveAttribute("href", "/blog/5");
  });

  it("hides the next arrow on the last page", () => {
    render(<Pagination currentPage={5} numPages={5} />);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/blog/4");
  });

  it("shows a single page without arrows", () => {
    render(<Pagination currentPage={1} numPages={1} />);
    expect(screen.queryByRole("link", { name: /Previous|Next/ })).toBeNull();
    expect(screen.getByText("Total Pages: 1")).toBeInTheDocument();
  });
});
