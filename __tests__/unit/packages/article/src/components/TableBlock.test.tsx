import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { TableBlock } from "../../../../../../packages/article/src/components/TableBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

const ROWS = [
  ["Place", "<b>Why</b>"],
  ["Café", "Quiet"],
  ["Park", "Free"],
];

describe("TableBlock", () => {
  it("makes the first row the column headings when the editor asked for them", () => {
    render(<TableBlock block={{ type: "table", withHeadings: true, rows: ROWS }} />);
    const headings = screen.getAllByRole("columnheader");
    expect(headings.map((cell) => cell.innerHTML)).toEqual(["Place", "<b>Why</b>"]);
    expect(headings.every((cell) => cell.getAttribute("scope") === "col")).toBe(true);
    const [head, body] = screen.getAllByRole("rowgroup");
    expect(within(head!).getAllByRole("row")).toHaveLength(1);
    expect(within(body!).getAllByRole("row")).toHaveLength(2);
  });

  it("keeps every row as data when the editor did not", () => {
    render(<TableBlock block={{ type: "table", withHeadings: false, rows: ROWS }} />);
    expect(screen.queryAllByRole("columnheader")).toEqual([]);
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "Place",
      "Why",
      "Café",
      "Quiet",
      "Park",
      "Free",
    ]);
  });

  it("wraps the table in a box that can scroll, each with its class", () => {
    const { container } = render(
      <BodyClassesProvider value={{ tableWrap: "wrap", table: "grid" }}>
        <TableBlock block={{ type: "table", withHeadings: false, rows: ROWS }} />
      </BodyClassesProvider>,
    );
    expect(container.firstElementChild).toHaveClass("wrap");
    expect(screen.getByRole("table")).toHaveClass("grid");
  });
});
