import * as React from "react";
import * as styles from "./home.module.css";

/**
 * Who we are and why we build Kindred the way we do. The illustration is the hand-drawn SVG itself
 * (static/images/about.svg), several times smaller than the AVIF rendered from it, which a phone
 * fetched while the first screen was still loading (docs/measurements.md).
 */
export default function About(): JSX.Element {
  return (
    <section id="aboutUs" className={styles.about} aria-labelledby="about-heading">
      <div className={`container ${styles.aboutGrid}`}>
        <img
          className={styles.aboutImage}
          src="/images/about.svg"
          width={520}
          height={390}
          alt="Two people at a café table sharing coffee, the steam from their cups curling into a heart"
          loading="lazy"
          decoding="async"
        />
        <div>
          <h2 id="about-heading" className={styles.sectionHeading}>
            About us
          </h2>
          <p>
            Kindred started in Bengaluru with a simple frustration: dating apps had turned finding a partner into a game
            of endless swiping, and almost nobody was winning. We wanted an app that treated people as people.
          </p>
          <p>
            So we built one that slows things down. Every day you meet a few people chosen for what you both care about,
            not just for a photo. Profiles are verified, conversations start with something real, and our safety team is
            there whenever you need it.
          </p>
          <p>
            Whether you are looking for a partner for life or someone to explore the city with, we are here to help you
            meet them with confidence, kindness and respect.
          </p>
        </div>
      </div>
    </section>
  );
}
