import * as React from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ToastArea, toast } from "../../../../../src/components/layout/ToastArea";
import { TOAST_AUTO_CLOSE_MS } from "../../../../../src/lib/constants";

// The site's one toast area (the toast library's chunk, which Toasts.tsx loads with the first toast):
// top right, the newest toast on top, each closing by itself after TOAST_AUTO_CLOSE_MS.

afterEach(() => {
  act(() => toast.dismiss());
});

/** The toasts on screen, top first, by their text. */
const shown = (): string[] => screen.queryAllByRole("alert").map((alert) => alert.textContent ?? "");

describe("ToastArea", () => {
  it("shows toasts in the top-right corner, the newest on top", async () => {
    const { container } = render(<ToastArea />);
    act(() => {
      toast.success("Thank you for subscribing!");
    });
    act(() => {
      toast.error("Please enter a valid email address.");
    });
    await screen.findByText("Please enter a valid email address.");
    expect(shown()).toEqual(["Please enter a valid email address.", "Thank you for subscribing!"]);
    expect(container.querySelector(".Toastify__toast-container")).toHaveClass("Toastify__toast-container--top-right");
  });

  it(`closes a toast when its ${TOAST_AUTO_CLOSE_MS} ms timer has run out`, async () => {
    render(<ToastArea />);
    act(() => {
      toast.success("Thank you for subscribing!");
    });
    const alert = await screen.findByRole("alert");
    const timer = within(alert).getByRole("progressbar", { name: "notification timer", hidden: true });
    expect(timer).toHaveStyle({ animationDuration: `${TOAST_AUTO_CLOSE_MS}ms` });
    // The timer is a CSS animation: its end is what closes the toast, after the toast's exit animation.
    fireEvent.animationEnd(timer);
    fireEvent.animationEnd(alert);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(shown()).toEqual([]);
  });
});
