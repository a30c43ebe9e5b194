// The files and folders a copy of the project needs to build the site. The benchmarks and the tests
// copy them into scratch folders (the rebuild service keeps its own rule, webhook/lib/workspace.ts).
// Jest and Playwright load this module as CommonJS: it must not use import.meta.
import { cpSync, existsSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

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
  "packages",
  "static",
] as const;

/**
 * A scratch copy of the project at `root` in a new temporary folder: the site's sources, the
 * content (the project's own, or `contentDir` in place of content/blog), and node_modules linked
 * rather than copied. Builds in it leave the working tree's public/ and .cache/ alone.
 */
export function copySiteProject(root: string, options: { contentDir?: string; prefix?: string } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), options.prefix ?? "site-build-"));
  for (const entry of SITE_SOURCES) {
    if (existsSync(path.join(root, entry))) cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  const contentSource = options.contentDir ?? path.join(root, "content");
  if (existsSync(contentSource)) {
    cpSync(contentSource, path.join(dir, options.contentDir ? "content/blog" : "content"), { recursive: true });
  }
  // contentDir stands in for the articles only: the policy pages still need the project's content/legal.
  if (options.contentDir && existsSync(path.join(root, "content", "legal"))) {
    cpSync(path.join(root, "content", "legal"), path.join(dir, "content", "legal"), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}
