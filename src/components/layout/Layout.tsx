import * as React from "react";
import { NavBar } from "./NavBar";
import { Footer } from "./Footer";
import { Toasts } from "./Toasts";

/** The frame of every page: skip link, navigation bar, the page's main content, footer and toasts. */
export function Layout({ children }: { children: React.ReactNode }): JSX.Element {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Toasts />
    </>
  );
}
