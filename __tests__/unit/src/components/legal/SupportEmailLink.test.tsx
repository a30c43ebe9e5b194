import * as React from "react";
import { render, screen } from "@testing-library/react";
import { SUPPORT_EMAIL, SupportEmailLink } from "../../../../../src/components/legal/SupportEmailLink";
import { Footer } from "../../../../../src/components/layout/Footer";

// The support address: a mail link the policies show ({{supportEmail}}, legal-markdown.tsx), the
// same address the footer gives.

describe("SupportEmailLink", () => {
  it("is a mail link to the support address, showing the address", () => {
    render(<SupportEmailLink />);
    const link = screen.getByRole("link", { name: SUPPORT_EMAIL });
    expect(link).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    expect(SUPPORT_EMAIL).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it("gives the address the footer gives", () => {
    render(
      <>
        <SupportEmailLink />
        <Footer />
      </>,
    );
    const addresses = screen
      .getAllByRole("link")
      .map((link) => link.getAttribute("href") ?? "")
      .filter((href) => href.startsWith("mailto:"));
    expect(new Set(addresses)).toEqual(new Set([`mailto:${SUPPORT_EMAIL}`]));
    expect(addresses).toHaveLength(2);
  });
});
