import * as React from "react";
import { ToastContainer, toast } from "react-toastify/unstyled";
import { TOAST_AUTO_CLOSE_MS } from "../../lib/constants";

// The toast library itself, in a chunk of its own that Toasts.tsx loads with the first toast.
export { toast };

/** The one toast area of the site: top-right, each message closing after 5000 ms. */
export function ToastArea(): JSX.Element {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
