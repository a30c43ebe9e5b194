import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { listItem as item, renderBody } from "../../../../../support/article-body";
import { ListBlock } from "../../../../../../packages/article/src/components/ListBlock";
import { BodyClassesProvider } from "../../../../../../packages/article/src/components/body-classes";

// Lists as Editor.js 2.31 and its official tools save them (shapes read off the real editor's
// output in __tests__/e2e/editor.spec.ts), rendered as a reader of the site sees them.

describe("List 2.x", () => {
  it("keeps a checklist's checked state, read-only and named by the item's text", () => {
    renderBody([
      {
        type: "list",
        data: {
          style: "checklist",
          meta: {},
          items: [item("Book the table", { checked: true }), item("Charge my <b>phone</b>", { checked: false })],
        },
      },
    ]);
    const booked = screen.getByRole("checkbox", { name: "Book the table" });
    const charge = screen.getByRole("checkbox", { name: "Charge my phone" });
    expect(booked).toBeChecked();
    expect(charge).not.toBeChecked();
    expect(booked).toBeDisabled();
    expect(charge.closest("li")).toHaveAttribute("data-checked", "false");
  });

  it("starts an ordered list where the editor said and counts in its counter type", () => {
    const body = renderBody([
      {
        type: "list",
        data: {
          style: "ordered",
          meta: { start: 5, counterType: "lower-roman" },
          items: [item("Five", {}, [item("Nested")]), item("Six")],
        },
      },
    ]);
    const outer = body.querySelector("ol")!;
    expect(outer).toHaveAttribute("start", "5");
    expect(outer).toHaveAttribute("type", "i");
    // A nested list counts from one again, in the same counter type.
    const nested = outer.querySelector("ol")!;
    expect(nested).not.toHaveAttribute("start");
    expect(nested).toHaveAttribute("type", "i");
    expect(
      within(outer)
        .getAllByRole("listitem")
        .map((li) => li.firstElementChild?.textContent),
    ).toEqual(["Five", "Nested", "Six"]);
  });

  it("writes no start or type for a list that counts 1, 2, 3", () => {
    const body = renderBody([
      { type: "list", data: { style: "ordered", meta: { counterType: "numeric" }, items: [item("One")] } },
    ]);
    expect(
      body
        .querySelector("ol")!
        .getAttributeNames()
        .filter((name) => name === "start" || name === "type"),
    ).toEqual([]);
  });

  it("ignores a start or counter type that is not the editor's", () => {
    const body = renderBody([
      {
        type: "list",
        data: { style: "ordered", meta: { start: "5; x", counterType: "disc; color:red" }, items: [item("One")] },
      },
    ]);
    expect(body.querySelector("ol")).not.toHaveAttribute("start");
    expect(body.querySelector("ol")).not.toHaveAttribute("type");
  });
});

describe("the official checklist tool and nested-list", () => {
  it("renders the checklist tool's items with their state", () => {
    renderBody([
      {
        type: "checklist",
        data: {
          items: [
            { text: "Tell a friend where I am", checked: true },
            { text: "Plan the ride home", checked: false },
          ],
        },
      },
    ]);
    expect(screen.getByRole("checkbox", { name: "Tell a friend where I am" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Plan the ride home" })).not.toBeChecked();
  });

  it("renders nested-list's items, nested", () => {
    const body = renderBody([
      {
        type: "nestedList",
        data: { style: "unordered", items: [{ content: "Outer", items: [{ content: "Inner", items: [] }] }] },
      },
    ]);
    expect(body.querySelector("ul > li > ul > li")).toHaveTextContent("Inner");
  });
});

describe("ListBlock", () => {
  const list = (
    style: "ordered" | "unordered" | "checklist",
    items: { html: string; items: never[]; checked?: boolean }[],
  ) => ({ type: "list", style, start: 1, counterType: "numeric", items }) as const;

  it("draws a bulleted list as an unordered list of its items", () => {
    render(
      <ListBlock
        block={list("unordered", [
          { html: "<b>Water</b>", items: [] },
          { html: "Snacks", items: [] },
        ])}
      />,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(screen.getByRole("list").tagName).toBe("UL");
    expect(items.map((li) => li.innerHTML)).toEqual(["<span><b>Water</b></span>", "<span>Snacks</span>"]);
  });

  it("gives a checklist its classes and each item its state", () => {
    const { container } = render(
      <BodyClassesProvider value={{ checklist: "checks", checkItem: "check", checkbox: "box" }}>
        <ListBlock
          block={list("checklist", [
            { html: "Done", items: [], checked: true },
            { html: "Not yet", items: [] },
          ])}
        />
      </BodyClassesProvider>,
    );
    expect(container.querySelector("ul")).toHaveClass("checks");
    expect([...container.querySelectorAll("li.check")].map((li) => li.getAttribute("data-checked"))).toEqual([
      "true",
      "false",
    ]);
    expect(screen.getByRole("checkbox", { name: "Done" })).toHaveClass("box");
  });
});
