import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

// Counts the loads of the toast library's module: it must load with the first toast, not before.
const mockLoads = jest.fn();
jest.mock("../../../../../src/components/layout/ToastArea", () => {
  mockLoads();
  return jest.requireActual("../../../../../src/components/layout/ToastArea");
});

// Imported after the mock, which jest.mock's hoisting guarantees.
import { Newsletter } from "../../../../../src/components/layout/Newsletter";
import { Toasts } from "../../../../../src/components/layout/Toasts";

describe("Toasts", () => {
  it("renders nothing and loads no toast library until the first toast, then loads it once", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <Newsletter />
        <Toasts />
      </>,
    );
    expect(container.querySelector(".Toastify")).toBeNull();
    expect(mockLoads).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Email address"), "asha@example.in{Enter}");
    expect(await screen.findByText("Thank you for subscribing!")).toBeInTheDocument();
    expect(container.querySelector(".Toastify")).not.toBeNull();
    await user.type(screen.getByLabelText("Email address"), "nope{Enter}");
    expect(await screen.findByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(mockLoads).toHaveBeenCalledTimes(1);
  });
});
