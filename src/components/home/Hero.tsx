import * as React from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { ResponsiveImage } from "../ResponsiveImage";
import { GetTheAppButton } from "../layout/GetTheAppButton";
import { HashLink } from "../layout/HashLink";
import * as styles from "./home.module.css";

/** The first screen of Home: the promise of the app and the way to get it. */
export function Hero(): JSX.Element {
  const data = useStaticQuery<{ hero: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null }>(graphql`
    query HeroImage {
      hero: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hero.webp" }) {
        childImageSharp {
          gatsbyImageData(width: 560, placeholder: NONE, formats: [AUTO, WEBP, AVIF], quality: 75)
        }
      }
    }
  `);
  return (
    <section id="hero" className={styles.hero} aria-labelledby="hero-heading">
      <div className={`container ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>Dating for people who mean it</p>
          <h1 id="hero-heading" className={styles.heroHeading}>
            Your Perfect Match is just a Click Away
          </h1>
          <p className={styles.heroSub}>Say goodbye to swiping endlessly and hello to meaningful connections.</p>
          <div className={styles.heroActions}>
            <GetTheAppButton source="hero" size="large" />
            <HashLink to="#features" className={styles.secondaryLink}>
              See how it works
            </HashLink>
          </div>
        </div>
        {data.hero?.childImageSharp && (
          <ResponsiveImage
            className={styles.heroImage}
            image={data.hero.childImageSharp.gatsbyImageData}
            alt="A phone showing a match between two profiles joined by a heart, with chat bubbles around it"
            loading="eager"
            fetchPriority="high"
          />
        )}
      </div>
    </section>
  );
}
