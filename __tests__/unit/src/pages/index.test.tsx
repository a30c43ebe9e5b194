import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import type { PageProps } from "gatsby";
import HomePage from "../../../../src/pages/index";

// Home in the browser, at "/" and at the unknown paths it also answers (match path "/*"): its
// sections, the "Page Loaded" event, and a head that keeps unknown paths out of search results.
// (index-server-render.test.tsx checks its server render.)

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

function visit(pathname: string): void {
  render(<HomePage {...({ location: { pathname } } as PageProps)} />);
}

beforeEach(() => {
  delete window.dataLayer;
});

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

describe("Home", () => {
  it("shows the hero, then the features and about sections once they load", async () => {
    visit("/");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your Perfect Match is just a Click Away");
    expect(await screen.findByRole("region", { name: "Built for real connections" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "About us" })).toBeInTheDocument();
  });

  it('records "Page Loaded" once', () => {
    visit("/");
    expect(window.dataLayer).toEqual([{ event: "Page Loaded" }]);
  });

  it("at /, is open to search engines, its canonical address the site's root", async () => {
    visit("/");
    await waitFor(() => expect(document.title).toBe("Dating for meaningful connections | Kindred"));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://kindred.test/");
  });

  it("at an unknown path, is kept out of search results and points search engines at /", async () => {
    visit("/no-such-page");
    await waitFor(() => expect(meta('meta[name="robots"]')).toBe("noindex"));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://kindred.test/");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Your Perfect Match is just a Click Away");
  });
});
