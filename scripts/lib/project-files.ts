// The files and folders a copy of the project needs to build the site. The rebuild service copies
// them into its workspace, and the integration tests into scratch folders; both read this list.

/** What a site build reads from the project, besides `content/` and `node_modules/`. */
export const SITE_SOURCES = [
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "tsconfig.json",
  "src",
  "plugins",
  "static",
] as const;

/**
 * Never copied into a build workspace: dependencies are linked rather than copied, and the working
 * tree's build output, caches and reports must not leak into a build.
 */
export const NOT_COPIED = new Set(["node_modules", ".cache", "public", ".git", "reports", "test-results", "playwright-report"]);
