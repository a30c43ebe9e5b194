import * as React from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { HERO_IMAGE_SIZES } from "../../lib/image-slots";
import { ResponsiveImage } from "../ResponsiveImage";
import { GetTheAppButton } from "../layout/GetTheAppButton";
import { HashLink } from "../layout/HashLink";
import * as styles from "./home.module.css";

/**
 * The first screen of Home: the promise of the app and the way to get it. The image is the page's
 * largest element: in the HTML, fetched first, never lazy. Its files are 350, 515, 700 and 1030px
 * wide (the densities below, of 560px), the widths its slot takes on a 390px phone and on a 1280px
 * screen, at 1x and 2x (HERO_IMAGE_SIZES in src/lib/image-slots.ts). The AVIF files, which every
 * current browser takes, are encoded at quality 50: the flat shapes of the illustration show no
 * difference from 75, at 45% fewer bytes (16 instead of 29 kB at 700px).
 */
export function Hero(): JSX.Element {
  const data = useStaticQuery<{ hero: { childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null }>(graphql`
    query HeroImage {
      hero: file(sourceInstanceName: { eq: "images" }, relativePath: { eq: "hero.webp" }) {
        childImageSharp {
          gatsbyImageData(
            width: 560
            outputPixelDensities: [0.625, 0.9196, 1.25, 1.8393]
            placeholder: NONE
            formats: [AUTO, WEBP, AVIF]
            quality: 75
            avifOptions: { quality: 50 }
          )
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
            sizes={HERO_IMAGE_SIZES}
          />
        )}
      </div>
    </section>
  );
}
