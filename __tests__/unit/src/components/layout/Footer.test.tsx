import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { Footer } from "../../../../../src/components/layout/Footer";
import { NavBar } from "../../../../../src/components/layout/NavBar";
import { SUPPORT_EMAIL } from "../../../../../src/components/legal/SupportEmailLink";

// The footer of every page: contact details and social links, the important links, the newsletter,
// the copyright line and the Safety policy beside it.

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" };

function expectNewTab(link: HTMLElement): void {
  expect(link).toHaveAttribute("target", NEW_TAB.target);
  expect(link).toHaveAttribute("rel", NEW_TAB.rel);
}

describe("Footer", () => {
  it("is where the navigation's Contact us link leads", () => {
    render(
      <>
        <NavBar />
        <Footer />
      </>,
    );
    const footer = screen.getByRole("contentinfo");
    expect(screen.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", `#${footer.id}`);
  });

  it("gives the company's address and its social links, each in a new tab", () => {
    render(<Footer />);
    const contact = screen.getByRole("region", { name: "Contact info" });
    expect(within(contact).getByText(/Kindred Technologies/)).toHaveTextContent(/Bengaluru/);
    const social = within(within(contact).getByRole("list", { name: "Follow us" })).getAllByRole("link");
    expect(social.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Kindred on Instagram",
      "Kindred on LinkedIn",
      `E-mail ${SUPPORT_EMAIL}`,
    ]);
    expect(social[2]).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    social.forEach(expectNewTab);
  });

  it("lists the important links: sections of Home, the blog, and the policies in a new tab", () => {
    render(<Footer />);
    const links = within(screen.getByRole("region", { name: "Important Links" })).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Features", "/#features"],
      ["Blog", "/blog"],
      ["About", "/#aboutUs"],
      ["Privacy Policies", "/privacy"],
      ["Terms and Conditions", "/terms"],
    ]);
    links.slice(3).forEach(expectNewTab);
  });

  it("ends with the copyright line and the Safety policy beside it, in a new tab", () => {
    render(<Footer />);
    expect(screen.getByText("Copyright ©2023, All rights reserved")).toBeInTheDocument();
    const safety = screen.getByRole("link", { name: "Safety and Child Protection Policy" });
    expect(safety).toHaveAttribute("href", "/safety");
    expectNewTab(safety);
  });

  it("holds the newsletter sign-up", () => {
    render(<Footer />);
    expect(within(screen.getByRole("contentinfo")).getByLabelText("Email address")).toBeInTheDocument();
  });
});
