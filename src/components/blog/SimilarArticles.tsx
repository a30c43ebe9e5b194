import * as React from "react";
import { BlogCard, type BlogCardData } from "./BlogCard";
import * as styles from "./article.module.css";

/** The "Similar articles" section under an article; nothing when there are none. */
export function SimilarArticles({ cards }: { cards: BlogCardData[] }): JSX.Element | null {
  if (cards.length === 0) return null;
  return (
    <section className={`container ${styles.similar}`} aria-labelledby="similar-heading">
      <h2 id="similar-heading">Similar articles you may like</h2>
      <ul className={styles.similarGrid}>
        {cards.map((card) => (
          <li key={card.id}>
            <BlogCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
