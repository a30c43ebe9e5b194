import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Newsletter } from "../../../../../src/components/layout/Newsletter";
import { Toasts } from "../../../../../src/components/layout/Toasts";

function renderNewsletter() {
  const fetchSpy = jest.fn();
  global.fetch = fetchSpy;
  render(
    <>
      <Newsletter />
      <Toasts />
    </>,
  );
  return {
    fetchSpy,
    field: screen.getByLabelText("Email address"),
    button: screen.getByRole("button", { name: "Subscribe" }),
  };
}

describe("Newsletter", () => {
  it('shows "Thank you for subscribing!" for a valid address, clears the field and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchSpy, field, button } = renderNewsletter();
    await user.type(field, "asha@example.in");
    await user.click(button);
    expect(await screen.findByText("Thank you for subscribing!")).toBeInTheDocument();
    expect(field).toHaveValue("");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows "Please enter a valid email address." for an invalid address and clears the field', async () => {
    const user = userEvent.setup();
    const { field, button } = renderNewsletter();
    await user.type(field, "asha@example.c");
    await user.click(button);
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(field).toHaveValue("");
  });

  it("submits with the Enter key too", async () => {
    const user = userEvent.setup();
    const { field } = renderNewsletter();
    await user.type(field, "not-an-address{Enter}");
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
  });
});
