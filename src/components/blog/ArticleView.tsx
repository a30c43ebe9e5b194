import * as React from "react";
import { formatUpdatedDate } from "../../lib/dates";
import * as styles from "./article.module.css";

export interface ArticleViewProps {
  title: string;
  categories: readonly string[];
  updatedOn: string | null;
  /**
   * The body: on a built page the build's HTML (BuiltArticleBody), where the browser draws it
   * itself the renderers (ArticleBody), so a built page's first load carries none of them.
   */
  body: React.ReactNode;
  /** The cover image, already sized (a processed image on built pages, an <img> on the fallback route). */
  cover: React.ReactNode;
}

/** The article itself: title, up to two hashtags, cover, updated date and body. */
export function ArticleView({ title, categories, updatedOn, body, cover }: ArticleViewProps): JSX.Element {
  return (
    <article className={`container ${styles.article}`} aria-labelledby="article-title">
      <header>
        <h1 id="article-title">{title}</h1>
        {categories.length > 0 && (
          <ul className={styles.hashtags} aria-label="Categories">
            {categories.slice(0, 2).map((category) => (
              <li key={category}>#{category.replace(/\s+/g, "")}</li>
            ))}
          </ul>
        )}
      </header>
      {cover}
      <p className={styles.updated}>
        Updated:{" "}
        {updatedOn ? <time dateTime={updatedOn}>{formatUpdatedDate(updatedOn)}</time> : formatUpdatedDate(null)}
      </p>
      {body}
    </article>
  );
}

/** Grey placeholders in the article's shape while it loads. */
export function ArticleSkeleton(): JSX.Element {
  return (
    <div className={`container ${styles.article}`} role="status" aria-busy="true" aria-label="Loading the article">
      <div className={`${styles.skeleton} ${styles.skeletonTitle}`} />
      <div className={`${styles.skeleton} ${styles.skeletonTags}`} />
      <div className={`${styles.cover} ${styles.skeleton}`} />
      {[1, 2, 3, 4].map((line) => (
        <div key={line} className={`${styles.skeleton} ${styles.skeletonLine}`} />
      ))}
    </div>
  );
}
