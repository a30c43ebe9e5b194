import * as React from "react";
import type { SearchIndexEntry } from "../../lib/search-index";
import type { BlogCardData } from "./BlogCard";

let pending: Promise<BlogCardData[]> | null = null;

/** Fetches /blog-index.json once per visit (the first search), as card data. */
function fetchSearchIndex(): Promise<BlogCardData[]> {
  pending ??= fetch("/blog-index.json")
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<SearchIndexEntry[]>;
    })
    .then((entries) =>
      entries.map((entry) => ({
        id: entry.id,
        slug: entry.slug,
        title: entry.title,
        categories: entry.categories,
        lastUpdate: entry.lastUpdate,
        imageSrc: entry.image,
      })),
    )
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** The search index, loaded on demand: `load` starts the fetch; `entries` is null until it arrives. */
export function useSearchIndex(): { entries: BlogCardData[] | null; load: () => void; failed: boolean } {
  const [entries, setEntries] = React.useState<BlogCardData[] | null>(null);
  const [failed, setFailed] = React.useState(false);
  const load = React.useCallback(() => {
    fetchSearchIndex()
      .then((loaded) => {
        setEntries(loaded);
        setFailed(false);
      })
      .catch((error: unknown) => {
        console.warn("The search index could not be loaded:", error);
        setFailed(true);
      });
  }, []);
  return { entries, load, failed };
}
