import * as React from "react";
import type { PageProps } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import { Hero } from "../components/home/Hero";
import { onDemandSection } from "../components/home/OnDemandSection";
import { track } from "../lib/analytics";
import * as styles from "../components/home/home.module.css";

const Features = onDemandSection(() => import(/* webpackChunkName: "home-features" */ "../components/home/Features"), styles.featuresPlaceholder ?? "");
const About = onDemandSection(() => import(/* webpackChunkName: "home-about" */ "../components/home/About"), styles.aboutPlaceholder ?? "");

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
      />
      <Hero />
      <Features />
      <About />
    </Layout>
  );
}
