import * as React from "react";
import type { PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { Hero } from "../components/home/Hero";
import { onDemandSection } from "../components/home/OnDemandSection";
import { track } from "../lib/analytics";
import * as styles from "../components/home/home.module.css";

// The server render gets each section's module directly (see onDemandSection). The condition is
// written out in each call so that webpack, which replaces process.env.BUILD_STAGE with the stage's
// name, drops the require() from the browser bundle.
/* eslint-disable @typescript-eslint/no-require-imports -- a require() that only the server bundle keeps */
const Features = onDemandSection(
  () => import(/* webpackChunkName: "home-features" */ "../components/home/Features"),
  styles.featuresPlaceholder ?? "",
  process.env.BUILD_STAGE === "build-html"
    ? (require("../components/home/Features") as typeof import("../components/home/Features"))
    : undefined,
);
const About = onDemandSection(
  () => import(/* webpackChunkName: "home-about" */ "../components/home/About"),
  styles.aboutPlaceholder ?? "",
  process.env.BUILD_STAGE === "build-html"
    ? (require("../components/home/About") as typeof import("../components/home/About"))
    : undefined,
);
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * Home. It also answers every unknown path (match path "/*"); there it is kept out of search
 * results and points search engines at "/".
 */
export default function HomePage({ location }: PageProps): JSX.Element {
  React.useEffect(() => {
    track("Page Loaded");
  }, []);
  const atHome = location.pathname === "/" || location.pathname === "";
  return (
    <Layout>
      <Seo
        title="Dating for meaningful connections"
        description="Say goodbye to swiping endlessly and hello to meaningful connections. Meet verified people who share what matters to you."
        path="/"
        noindex={!atHome}
        // Only the browser knows the address it answers, so it writes that head itself (PageHead).
        live={!atHome}
      />
      <Hero />
      <Features />
      <About />
    </Layout>
  );
}
