import * as React from "react";
import { ToastContainer } from "react-toastify/unstyled";
import { TOAST_AUTO_CLOSE_MS } from "../../lib/constants";

/** The one toast area of the site: top-right, each message closing after 5000 ms. */
export function Toasts(): JSX.Element {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
