import * as React from "react";
import * as styles from "./legal.module.css";

/** One section of a policy; the page numbers the sections in the order given. */
export interface LegalSection {
  /** Anchor of the section, unique on its page (for example "eligibility" gives /terms#eligibility). */
  id: string;
  /** The heading without its number: "Introduction" is shown as "1. Introduction". */
  title: string;
  content: React.ReactNode;
}

export interface LegalPageProps {
  title: string;
  /** The date as readers see it, for example "1 November 2023". */
  lastUpdated: string;
  /** The same date as YYYY-MM-DD, for the machine-readable <time> element. */
  lastUpdatedDateTime: string;
  intro?: React.ReactNode;
  sections: readonly LegalSection[];
}

const TITLE_ID = "legal-page-title";

const headingId = (section: LegalSection): string => `${section.id}-heading`;

/**
 * The body of a policy page (Terms, Privacy, Safety): its title, the date it last changed, a table of
 * contents, and numbered sections. The page itself supplies the Layout and the Seo tags; the texts come
 * from content/legal/*.md through legalDocument (legal-document.tsx).
 */
export function LegalPage({ title, lastUpdated, lastUpdatedDateTime, intro, sections }: LegalPageProps): JSX.Element {
  return (
    <div className="container">
      <article className={styles.legalPage} aria-labelledby={TITLE_ID}>
        <header className={styles.header}>
          <h1 id={TITLE_ID} className={styles.title}>
            {title}
          </h1>
          <p className={styles.lastUpdated}>
            Last updated: <time dateTime={lastUpdatedDateTime}>{lastUpdated}</time>
          </p>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
        </header>

        <nav className={styles.tableOfContents} aria-label="Contents">
          {/* The visible label repeats the navigation landmark's name, so screen readers skip it. */}
          <p className={styles.tableOfContentsTitle} aria-hidden="true">
            Contents
          </p>
          <ol className={styles.tableOfContentsList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className={styles.section} aria-labelledby={headingId(section)}>
            <h2 id={headingId(section)} className={styles.sectionTitle}>
              {`${index + 1}. ${section.title}`}
            </h2>
            {section.content}
          </section>
        ))}
      </article>
    </div>
  );
}
