import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NavBar } from "../../../../../src/components/layout/NavBar";

describe("NavBar", () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it("links the brand to / and lists Features, Blog, About and Contact us", () => {
    render(<NavBar />);
    expect(screen.getByRole("link", { name: "Kindred" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Features" })).toHaveAttribute("href", "/#features");
    expect(screen.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    expect(screen.getByRole("link", { name: "About" })).toHaveAttribute("href", "/#aboutUs");
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "#footer");
  });

  it("opens and closes the menu with the toggle, and says so with aria-expanded", async () => {
    const user = userEvent.setup();
    render(<NavBar />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the menu on Escape and gives focus back to the toggle", async () => {
    const user = userEvent.setup();
    render(<NavBar />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    await user.click(toggle);
    await user.tab();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("closes the menu when an item is clicked", async () => {
    const user = userEvent.setup();
    render(<NavBar />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    await user.click(toggle);
    const blog = screen.getByRole("link", { name: "Blog" });
    blog.addEventListener("click", (event) => event.preventDefault());
    await user.click(blog);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it('sends "play-store-button-clicked" when "Get the app" is clicked', async () => {
    const user = userEvent.setup();
    render(<NavBar />);
    const button = screen.getByRole("link", { name: "Get the app" });
    button.addEventListener("click", (event) => event.preventDefault());
    await user.click(button);
    expect(window.dataLayer).toEqual([{ event: "play-store-button-clicked" }]);
    expect(button).toHaveAttribute("target", "_blank");
    expect(button).toHaveAttribute("rel", "noopener noreferrer");
  });
});
