import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

// "Get the app": that it leads to the store address (store-url.test.ts checks the address itself) and
// which of its two places records an analytics event.

/** The button and the hero, loaded afresh, as a build with this GATSBY_STORE_URL would make them. */
function componentsWith(value: string | undefined) {
  const saved = process.env.GATSBY_STORE_URL;
  if (value === undefined) delete process.env.GATSBY_STORE_URL;
  else process.env.GATSBY_STORE_URL = value;
  try {
    let modules!: {
      button: typeof import("../../../../../src/components/layout/GetTheAppButton");
      hero: typeof import("../../../../../src/components/home/Hero");
    };
    jest.isolateModules(() => {
      modules = {
        button: jest.requireActual("../../../../../src/components/layout/GetTheAppButton"),
        hero: jest.requireActual("../../../../../src/components/home/Hero"),
      };
    });
    return modules;
  } finally {
    if (saved === undefined) delete process.env.GATSBY_STORE_URL;
    else process.env.GATSBY_STORE_URL = saved;
  }
}

describe("the store address (H3)", () => {
  test("is where both buttons lead, in a new tab that cannot reach back to the site", () => {
    const { button } = componentsWith("https://store.example/kindred");
    render(
      <>
        <button.GetTheAppButton source="navigation" />
        <button.GetTheAppButton source="hero" size="large" />
      </>,
    );
    const links = screen.getAllByRole("link", { name: "Get the app" });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute("href", "https://store.example/kindred");
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});

describe("analytics of the hero's button (AN3)", () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  test("the hero's Get the app records nothing, the navigation bar's records play-store-button-clicked", async () => {
    const user = userEvent.setup();
    const { hero, button } = componentsWith(undefined);
    render(
      <>
        <header>
          <button.GetTheAppButton source="navigation" />
        </header>
        <hero.Hero />
      </>,
    );
    const heroSection = screen.getByRole("region", { name: "Your Perfect Match is just a Click Away" });
    const heroButton = heroSection.querySelector("a");
    expect(heroButton).toHaveTextContent("Get the app");
    const navButton = screen.getByRole("banner").querySelector("a");
    for (const link of [heroButton, navButton]) link?.addEventListener("click", (event) => event.preventDefault());

    // Recording is synchronous, inside the click: right after the hero's click there is nothing.
    await user.click(heroButton as HTMLElement);
    expect(window.dataLayer ?? []).toEqual([]);
    await user.click(navButton as HTMLElement);
    expect(window.dataLayer).toEqual([{ event: "play-store-button-clicked" }]);
  });
});
