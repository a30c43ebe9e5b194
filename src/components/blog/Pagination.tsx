import * as React from "react";
import { Link } from "gatsby";
import { blogListPath, pageNumbersAround } from "../../lib/pagination";
import * as styles from "./blog.module.css";

export interface PaginationProps {
  currentPage: number;
  numPages: number;
  /** The address of a page: the list's own pages by default, or a search's (/blog?q=…&page=…). */
  pathOf?: (page: number) => string;
}

/** Previous/next arrows, the page numbers near the current one, the total, and a jump to the last page. */
export function Pagination({ currentPage, numPages, pathOf = blogListPath }: PaginationProps): JSX.Element {
  return (
    <nav className={styles.pagination} aria-label="Blog pages">
      <ul className={styles.pageList}>
        {currentPage > 1 && (
          <li>
            <Link to={pathOf(currentPage - 1)} rel="prev" className={styles.pageArrow} aria-label="Previous page">
              <span aria-hidden="true">←</span>
            </Link>
          </li>
        )}
        {pageNumbersAround(currentPage, numPages).map((page) => (
          <li key={page}>
            <Link
              to={pathOf(page)}
              className={`${styles.pageNumber} ${page === currentPage ? styles.active : ""}`}
              aria-current={page === currentPage ? "page" : undefined}
              aria-label={`Page ${page}`}
            >
              {page}
            </Link>
          </li>
        ))}
        {currentPage < numPages && (
          <li>
            <Link to={pathOf(currentPage + 1)} rel="next" className={styles.pageArrow} aria-label="Next page">
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        )}
      </ul>
      <p className={styles.pageTotals}>
        <span>Total Pages: {numPages}</span>
        <Link to={pathOf(numPages)} className={styles.lastPageLink}>
          Go to page: {numPages}
        </Link>
      </p>
    </nav>
  );
}
