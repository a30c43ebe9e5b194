// Where Chromium is: CHROME_PATH, else Debian's /usr/bin/chromium. A clear error when it is missing.
import { existsSync } from "node:fs";

export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it (Debian: "apt-get install chromium") ` +
        "or set CHROME_PATH to a Chromium or Chrome executable.",
    );
  }
  return candidate;
}

/** Flags that keep headless Chromium from reaching the network on its own. */
export const CHROME_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
