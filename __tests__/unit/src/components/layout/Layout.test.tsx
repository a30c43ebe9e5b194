import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Layout } from "../../../../../src/components/layout/Layout";

// The frame of every page: a skip link first, the navigation bar, the page's own content as the main
// landmark, then the footer.

describe("Layout", () => {
  it("puts the page's content in the main landmark, between the navigation and the footer", () => {
    render(
      <Layout>
        <h1>Page content</h1>
      </Layout>,
    );
    const main = screen.getByRole("main");
    expect(main).toContainElement(screen.getByRole("heading", { name: "Page content" }));
    const [navigation] = screen.getAllByRole("navigation");
    const footer = screen.getByRole("contentinfo");
    expect(navigation!.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main).not.toContainElement(footer);
  });

  it("offers a skip link as the first stop of the keyboard, leading to the main content", async () => {
    const user = userEvent.setup();
    render(
      <Layout>
        <p>Page content</p>
      </Layout>,
    );
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(skip).toHaveFocus();
    const main = screen.getByRole("main");
    expect(skip).toHaveAttribute("href", `#${main.id}`);
    // The target takes the focus when the skip link is followed, though it is no control itself.
    expect(main).toHaveAttribute("tabindex", "-1");
  });
});
