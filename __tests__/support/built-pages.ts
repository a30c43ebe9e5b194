import { readdirSync } from "node:fs";

// The pages of a production build, as the end-to-end suites that read public/ need them.

/**
 * Every HTML page of the build in `publicDir`, by its path under it (`blog/2/index.html`): Gatsby's
 * page-data/ holds JSON and _gatsby/ fragments it has already stitched into the pages, so both are
 * left out.
 */
export function builtPages(publicDir: string): string[] {
  return readdirSync(publicDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".html") && !file.startsWith("_gatsby") && !file.startsWith("page-data"),
  );
}

/** The address a page's file is served at: `/blog/2` for blog/2/index.html, `/404` for 404.html, `/`. */
export function pagePathOf(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`.replace(/\/$/, "") || "/";
}
