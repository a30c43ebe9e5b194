import * as React from "react";
import { Link } from "gatsby";
import { Layout } from "../components/layout/Layout";
import { Seo } from "../components/layout/Seo";
import * as styles from "../components/not-found.module.css";

/** The not-found page; only /404 shows it (unknown paths show Home). */
export default function NotFoundPage(): JSX.Element {
  return (
    <Layout>
      <Seo title="Page not found" description="The page you requested could not be found." path="/404" noindex />
      <section className={`container ${styles.notFound}`} aria-labelledby="not-found-heading">
        <img
          className={styles.image}
          src="/images/not-found.svg"
          alt="A heart-shaped balloon drifting away over an empty map with a pin"
          width={400}
          height={280}
          // The page's largest element: fetched ahead of everything else. React 18 knows no fetchPriority prop.
          {...{ fetchpriority: "high" }}
        />
        <h1 id="not-found-heading">Oops!</h1>
        <p>The page you requested could not be found.</p>
        <Link to="/" className={styles.home}>
          Return Home
        </Link>
      </section>
    </Layout>
  );
}
