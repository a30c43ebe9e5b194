import * as React from "react";
import { render, screen, within } from "@testing-library/react";
import { HERO_IMAGE, Hero } from "../../../../../src/components/home/Hero";
import { STORE_URL } from "../../../../../src/lib/store-url";

// The first screen of Home: the promise, the way to get the app, a link to how it works, and the
// page's largest image, fetched first.

describe("Hero", () => {
  it("states the promise as the page's only level-one heading", () => {
    render(<Hero />);
    const hero = screen.getByRole("region", { name: "Your Perfect Match is just a Click Away" });
    expect(screen.getAllByRole("heading", { level: 1 })).toEqual([
      within(hero).getByRole("heading", { name: "Your Perfect Match is just a Click Away" }),
    ]);
    expect(hero).toHaveTextContent("Say goodbye to swiping endlessly and hello to meaningful connections.");
  });

  it("offers the app from the store, and a link to the features", () => {
    render(<Hero />);
    expect(screen.getByRole("link", { name: "Get the app" })).toHaveAttribute("href", STORE_URL);
    expect(screen.getByRole("link", { name: "See how it works" })).toHaveAttribute("href", "#features");
  });

  it("fetches its illustration first and at once, with its size reserved", () => {
    render(<Hero />);
    const image = screen.getByRole("img", { name: /a phone showing a match/i });
    expect(image).toHaveAttribute("src", HERO_IMAGE.src);
    expect(image).toHaveAttribute("width", String(HERO_IMAGE.width));
    expect(image).toHaveAttribute("height", String(HERO_IMAGE.height));
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("fetchpriority", "high");
  });
});
