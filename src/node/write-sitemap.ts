import path from "node:path";
import type { BuildArgs } from "gatsby";
import { robotsTxt, sitemapEntries, sitemapXml, type SitemapArticle } from "../lib/sitemap";
import type { BlogPostNode } from "@kindred/article";
import { publicDir, siteMetadataOf, writeIfChanged } from "./output-files";

type SitemapArgs = Pick<BuildArgs, "getNodesByType" | "reporter" | "store">;

/**
 * onPostBuild: writes sitemap.xml (every page, with dates) and robots.txt for the site's URL, each
 * only when its text changed.
 *
 * The pages and articles are read from the nodes directly: the same two lists through GraphQL cost
 * time in proportion to the site (docs/measurements.md), most of it Gatsby's bookkeeping for each node a query
 * returns, on every build, for fields that are stored on the nodes as they are.
 */
export async function writeSitemap({ getNodesByType, reporter, store }: SitemapArgs): Promise<void> {
  const { siteUrl } = siteMetadataOf(store);
  if (typeof siteUrl !== "string") {
    reporter.panicOnBuild("The sitemap needs siteMetadata.siteUrl in gatsby-config");
    return;
  }
  const articles = getNodesByType("BlogPost") as BlogPostNode[];
  const entries = sitemapEntries(
    getNodesByType("SitePage").map((page) => (page as unknown as { path: string }).path),
    articles.map(({ slug, lastUpdate, updatedOn }): SitemapArticle => ({
      slug,
      lastUpdate,
      updatedOn: updatedOn ?? null,
    })),
  );
  const dir = publicDir(store);
  const wrote = await writeIfChanged(path.join(dir, "sitemap.xml"), sitemapXml(siteUrl, entries));
  await writeIfChanged(path.join(dir, "robots.txt"), robotsTxt(siteUrl));
  reporter.info(`sitemap.xml lists ${entries.length} pages${wrote ? "" : ", unchanged"}`);
}
