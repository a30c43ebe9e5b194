import * as React from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import NotFoundPage from "../../../../src/pages/404";

// The not-found page (/404, where the fallback route sends an article it cannot show): what went
// wrong, the way home, and a head that keeps it out of search results.

const meta = (selector: string): string | null | undefined =>
  document.head.querySelector(selector)?.getAttribute("content");

afterEach(() => {
  document.head.innerHTML = "";
  document.title = "";
});

describe("the not-found page", () => {
  it("says the page could not be found and leads back home", () => {
    render(<NotFoundPage />);
    const main = screen.getByRole("main");
    expect(within(main).getByRole("heading", { level: 1 })).toHaveTextContent("Oops!");
    expect(main).toHaveTextContent("The page you requested could not be found.");
    expect(within(main).getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  });

  it("fetches its illustration first, described for those who cannot see it", () => {
    render(<NotFoundPage />);
    const image = within(screen.getByRole("main")).getByRole("img");
    expect(image).toHaveAccessibleName(/balloon/i);
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(image).toHaveAttribute("width", "400");
    expect(image).toHaveAttribute("height", "280");
  });

  it("is titled as such, at its own address, and kept out of search results", async () => {
    render(<NotFoundPage />);
    await waitFor(() => expect(document.title).toBe("Page not found | Kindred"));
    expect(meta('meta[name="robots"]')).toBe("noindex");
    expect(meta('meta[name="description"]')).toBe("The page you requested could not be found.");
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://kindred.test/404");
  });

  it("has the site's frame: navigation and footer", () => {
    render(<NotFoundPage />);
    expect(screen.getAllByRole("navigation").length).toBeGreaterThan(0);
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });
});
