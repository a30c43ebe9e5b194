import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "./src/lib/constants";
import { articlePath } from "./src/lib/slug";
import { addBlogPostFields } from "./src/node/blog-post-fields";
import { createBlogPages, homeCatchesUnknownPaths } from "./src/node/pages";
import { writeSearchIndex } from "./src/node/search-index";
import { writePagePolicies } from "./src/node/csp";
import { robotsTxt, sitemapXml, type SitemapEntry } from "./src/lib/sitemap";

/** Publishes the font files under /fonts/, the stable URLs global.css and the preload link use. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const files = path.join(program.directory, "node_modules", "@fontsource-variable", "outfit", "files");
  await cp(files, path.join(program.directory, "public", "fonts"), { recursive: true });
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = addBlogPostFields;

export const onCreatePage: GatsbyNode["onCreatePage"] = homeCatchesUnknownPaths;

export const createPages: GatsbyNode["createPages"] = async (args) => {
  await createBlogPages(args);
  await writeSearchIndex(args);
};

/** Slow mobile networks get 120 s to load a code-split chunk before webpack gives up. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions }) => {
  actions.setWebpackConfig({ output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } });
};

interface PostBuildQuery {
  site: { siteMetadata: { siteUrl: string } };
  allSitePage: { nodes: { path: string }[] };
  allBlogPost: { nodes: { slug: string; lastUpdate: string; updatedOn: string | null }[] };
}

/**
 * After the build: gives every page its own Content-Security-Policy (the hashes of its inline
 * scripts, which differ per page), and writes sitemap.xml and robots.txt for SITE_URL.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter, store }) => {
  await writePagePolicies({ store, reporter });
  const { program } = store.getState() as { program: { directory: string } };
  const publicDir = path.join(program.directory, "public");

  const result = await graphql<PostBuildQuery>(`
    query SitemapPages {
      site { siteMetadata { siteUrl } }
      allSitePage { nodes { path } }
      allBlogPost { nodes { slug lastUpdate updatedOn } }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the pages for the sitemap", result.errors);
    return;
  }
  const { siteUrl } = result.data.site.siteMetadata;
  const changed = new Map(result.data.allBlogPost.nodes.map((post) => [articlePath(post.slug), post.updatedOn ?? post.lastUpdate]));
  const newest = result.data.allBlogPost.nodes.map((post) => post.updatedOn ?? post.lastUpdate).sort().at(-1);
  const entries: SitemapEntry[] = result.data.allSitePage.nodes
    .map((page) => page.path)
    .filter((pagePath) => !/^\/(404|dev-404-page)|\[/.test(pagePath))
    .sort()
    .map((pagePath) => ({ path: pagePath, lastmod: changed.get(pagePath) ?? (pagePath.startsWith("/blog") ? newest : undefined) }));
  await writeFile(path.join(publicDir, "sitemap.xml"), sitemapXml(siteUrl, entries));
  await writeFile(path.join(publicDir, "robots.txt"), robotsTxt(siteUrl));
  reporter.info(`sitemap.xml lists ${entries.length} pages`);
};
