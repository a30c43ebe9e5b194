import * as React from "react";
import { Layout } from "../layout/Layout";
import { Seo } from "../layout/Seo";
import * as styles from "./legal.module.css";

export interface LegalSection {
  /** Anchor id of the section. */
  id: string;
  heading: string;
  body: React.ReactNode;
}

export interface LegalPageProps {
  title: string;
  description: string;
  path: string;
  lastUpdated: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}

/** A policy page: title, last-updated line, contents, and numbered or titled sections. */
export function LegalPage({ title, description, path, lastUpdated, intro, sections }: LegalPageProps): JSX.Element {
  return (
    <Layout>
      <Seo title={title} description={description} path={path} />
      <article className={`container ${styles.page}`} aria-labelledby="legal-title">
        <header className={styles.header}>
          <h1 id="legal-title">{title}</h1>
          <p className={styles.updated}>Last updated: {lastUpdated}</p>
          <div className={styles.intro}>{intro}</div>
        </header>
        <nav className={styles.contents} aria-label="Contents">
          <p className={styles.contentsHeading}>Contents</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading.replace(/^\d+\.\s*/, "")}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className={styles.section}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.body}
          </section>
        ))}
      </article>
    </Layout>
  );
}
