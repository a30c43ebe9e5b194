import * as React from "react";
import { ArticleBody } from "../article-body/ArticleBody";
import { ArticleView } from "../blog/ArticleView";
import type { BlogCardData } from "../blog/BlogCard";
import { SimilarArticles } from "../blog/SimilarArticles";
import { formatLastUpdate } from "../../lib/dates";
import type { PreviewArticle } from "../../lib/preview-article";
import * as articleStyles from "../blog/article.module.css";
import * as styles from "./preview.module.css";

/** The words that mark every preview, above the article. */
export const PREVIEW_MARK = "Preview: not published";

/**
 * A draft drawn by the article page's own components (ArticleView, SimilarArticles), under a bar
 * that says it is a preview, of which save, and what the build would leave out of it.
 */
export function PreviewView({ article, similar }: { article: PreviewArticle; similar: BlogCardData[] }): JSX.Element {
  return (
    <>
      <div className={`container ${styles.bar}`} role="status" aria-live="polite">
        <p>
          <strong>{PREVIEW_MARK}</strong>
          {" · "}Draft saved <time dateTime={article.lastUpdate}>{formatLastUpdate(article.lastUpdate)}</time>
          {article.published ? " · the live page shows the last published build" : ""}
        </p>
        {article.warnings.length > 0 && (
          <details>
            <summary>
              The build will leave out{" "}
              {article.warnings.length === 1 ? "one thing" : `${article.warnings.length} things`}
            </summary>
            <ul>
              {article.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <ArticleView
        title={article.title}
        categories={article.categories}
        updatedOn={article.updatedOn}
        // Drawn in the browser by the real renderers, never the built body's stand-in (docs/first-load.md).
        body={<ArticleBody blocks={article.blocks} slug={article.slug} />}
        cover={
          article.image ? (
            <img src={article.image} alt="" className={articleStyles.cover} width={960} height={540} />
          ) : (
            <div className={articleStyles.cover} aria-hidden="true" />
          )
        }
      />
      <SimilarArticles cards={similar} />
    </>
  );
}
