import * as React from "react";
import * as styles from "./blog.module.css";
import * as searchStyles from "./blog-search.module.css";

export interface BlogSearchProps {
  value: string;
  onChange: (value: string) => void;
  /** Called on the first focus or keystroke, to start the live updates a search includes. */
  onActivate: () => void;
  /** Shown under the box and announced to screen readers, e.g. "3 articles found". */
  status: string;
}

/** The blog's search box: matches re-run on every change and on Search (or Enter). */
export function BlogSearch({ value, onChange, onActivate, status }: BlogSearchProps): JSX.Element {
  const inputRef = React.useRef<HTMLInputElement>(null);
  // Search runs in the browser only. The server's HTML keeps the box's place but leaves it invisible
  // (and out of the tab order) until React has hydrated the page, so a visitor without JavaScript
  // never meets a box that does nothing, and nothing moves when it appears.
  const [works, setWorks] = React.useState(false);
  React.useEffect(() => setWorks(true), []);
  const submit = (event: React.FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onActivate();
    onChange(inputRef.current?.value ?? value);
  };
  return (
    <form role="search" className={`${styles.search} ${works ? "" : searchStyles.awaitingScript}`} onSubmit={submit}>
      <label htmlFor="blog-search" className="visually-hidden">
        Search articles by title
      </label>
      <input
        ref={inputRef}
        id="blog-search"
        type="search"
        className={styles.searchInput}
        placeholder="Search for your interest"
        value={value}
        onFocus={onActivate}
        onChange={(event) => {
          onActivate();
          onChange(event.target.value);
        }}
        autoComplete="off"
      />
      <button type="submit" className={styles.searchButton}>
        Search
      </button>
      <p className={status ? searchStyles.status : "visually-hidden"} role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
