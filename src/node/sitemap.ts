import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildArgs } from "gatsby";
import { robotsTxt, sitemapEntries, sitemapXml, type SitemapArticle } from "../lib/sitemap";
import { publicDir } from "./site-paths";

interface SitemapQuery {
  site: { siteMetadata: { siteUrl: string } };
  allSitePage: { nodes: { path: string }[] };
  allBlogPost: { nodes: SitemapArticle[] };
}

/** onPostBuild: writes sitemap.xml (every page, with dates) and robots.txt for the site's URL. */
export async function writeSitemap({ graphql, reporter, store }: Pick<BuildArgs, "graphql" | "reporter" | "store">): Promise<void> {
  const result = await graphql<SitemapQuery>(`
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
  const entries = sitemapEntries(
    result.data.allSitePage.nodes.map((page) => page.path),
    result.data.allBlogPost.nodes,
  );
  const dir = publicDir(store);
  await writeFile(path.join(dir, "sitemap.xml"), sitemapXml(siteUrl, entries));
  await writeFile(path.join(dir, "robots.txt"), robotsTxt(siteUrl));
  reporter.info(`sitemap.xml lists ${entries.length} pages`);
}
