import * as React from "react";
import { GetTheAppButton } from "../layout/GetTheAppButton";
import { HashLink } from "../layout/HashLink";
import * as styles from "./home.module.css";

/** The hero illustration: a vector file, sharp at every width and density. */
export const HERO_IMAGE = { src: "/images/hero.svg", width: 560, height: 467 } as const;

/**
 * The first screen of Home: the promise of the app and the way to get it. The illustration is the
 * page's largest element: in the HTML, fetched first, never lazy. It is the hand-drawn SVG itself
 * (static/images/hero.svg), several times smaller than the AVIF rendered from it at the width a
 * phone picked, all of which was on the way to the largest paint of a slow connection.
 */
export function Hero(): JSX.Element {
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
        <img
          className={styles.heroImage}
          src={HERO_IMAGE.src}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt="A phone showing a match between two profiles joined by a heart, with chat bubbles around it"
          loading="eager"
          decoding="auto"
          // React 18 knows only the lower-case attribute.
          {...{ fetchpriority: "high" }}
        />
      </div>
    </section>
  );
}
