import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "./src/lib/constants";
import { buildSearchIndex, type IndexableArticle } from "./src/lib/search-index";
import { blogListPath, pageCount, POSTS_PER_PAGE } from "./src/lib/pagination";
import { safeBlocks } from "./src/lib/article-body";
import { plainText } from "./src/lib/sanitize";
import { similarArticles } from "./src/lib/similar";
import { articlePath } from "./src/lib/slug";
import { writePagePolicies } from "./src/node/csp";
import { robotsTxt, sitemapXml, type SitemapEntry } from "./src/lib/sitemap";

/** When this build started reading content; the blog list's live query asks for changes after it. */
const BUILD_STARTED = new Date().toISOString();

/** Publishes the font files under /fonts/, the stable URLs global.css and the preload link use. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  const files = path.join(program.directory, "node_modules", "@fontsource-variable", "outfit", "files");
  await cp(files, path.join(program.directory, "public", "fonts"), { recursive: true });
};

/** Home also answers every path that is not a page of its own ("Any unknown path shows the Home page"). */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (page.path === "/" && page.matchPath !== "/*") {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: "/*" });
  }
};

interface ArticleForPages extends IndexableArticle {
  id: string;
  blogId: string;
  content: { blocks?: unknown };
  featureImage: { childImageSharp: { gatsbyImageData: { images: { fallback?: { src: string } } } } | null } | null;
}

interface AllBlogPostsQuery {
  allBlogPost: { nodes: ArticleForPages[] };
}

/**
 * Creates the blog list pages (/blog, /blog/2, … with 6 cards each), one page per article with its
 * body sanitized and its similar articles computed here, and writes /blog-index.json,
 * the search index the list fetches when a visitor searches.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, reporter, store, actions }) => {
  const result = await graphql<AllBlogPostsQuery>(`
    query AllBlogPostsForPages {
      allBlogPost(sort: { lastUpdate: DESC }) {
        nodes {
          id
          documentId
          blogId
          content
          slug
          title
          categories
          featureImageUrl
          lastUpdate
          featureImage {
            childImageSharp {
              gatsbyImageData(width: 480, aspectRatio: 1.6, placeholder: NONE, formats: [AUTO, WEBP])
            }
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the blog articles", result.errors);
    return;
  }
  const articles = result.data.allBlogPost.nodes;
  const numPages = pageCount(articles.length);
  for (let page = 1; page <= numPages; page += 1) {
    actions.createPage({
      path: blogListPath(page),
      component: path.resolve("src/templates/blog-list.tsx"),
      context: { currentPage: page, numPages, skip: (page - 1) * POSTS_PER_PAGE, limit: POSTS_PER_PAGE, buildTime: BUILD_STARTED },
    });
  }

  for (const article of articles) {
    const blocks = safeBlocks(article.content.blocks, (message) =>
      reporter.warn(`blogMetaData/${article.documentId}: field "content" ${message}.`),
    );
    const firstParagraph = blocks.find((block) => block.type === "paragraph");
    const summary = firstParagraph && "html" in firstParagraph ? plainText(firstParagraph.html) : article.title;
    actions.createPage({
      path: articlePath(article.slug),
      component: path.resolve("src/templates/blog-article.tsx"),
      context: {
        id: article.id,
        slug: article.slug,
        description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary,
        blocks,
        similarIds: similarArticles(article, articles).map((similar) => similar.documentId),
      },
    });
  }

  const { program } = store.getState() as { program: { directory: string } };
  const imageFor = (article: IndexableArticle): string =>
    (article as ArticleForPages).featureImage?.childImageSharp?.gatsbyImageData.images.fallback?.src ?? article.featureImageUrl;
  await writeFile(
    path.join(program.directory, "public", "blog-index.json"),
    JSON.stringify(buildSearchIndex(articles, imageFor)),
  );
  reporter.info(`${articles.length} published articles on ${numPages} list pages`);
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
