import * as React from "react";
import { track } from "../../lib/analytics";
import { STORE_URL } from "../../lib/store-url";
import * as styles from "./get-the-app-button.module.css";

/** The button's text as docs/requirements.md quotes it. */
const GET_THE_APP = "Get the app";

export interface GetTheAppButtonProps {
  /** Where the button sits; only the navigation bar's sends "play-store-button-clicked". */
  source: "navigation" | "hero";
  size?: "regular" | "large";
  onClick?: () => void;
}

/** "Get the app": a link styled as a button that opens the store listing in a new tab. */
export function GetTheAppButton({ source, size = "regular", onClick }: GetTheAppButtonProps): JSX.Element {
  const handleClick = (): void => {
    if (source === "navigation") track("play-store-button-clicked");
    onClick?.();
  };
  return (
    <a
      href={STORE_URL}
      className={`${styles.button} ${size === "large" ? styles.large : ""}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={handleClick}
    >
      {GET_THE_APP}
    </a>
  );
}
