import path from "node:path";
import type { CreatePageArgs, CreatePagesArgs } from "gatsby";
import { blogListPath, pageCount, POSTS_PER_PAGE } from "../lib/pagination";
import { articlePath } from "../lib/slug";
import type { BlogListContext } from "../templates/blog-list";
import type { BlogArticleContext } from "../templates/blog-article";

/** When this build started reading content; the blog list's live query asks for changes after it. */
const BUILD_STARTED = new Date().toISOString();

interface ArticlesForPagesQuery {
  allBlogPost: { nodes: { id: string; slug: string }[] };
}

/**
 * createPages: the blog list pages (/blog, /blog/2, … with 6 cards each) and one page per article.
 * An article page's context is only its node id: its template queries the sanitized body, summary
 * and similar articles as fields of BlogPost (see blog-post-fields.ts).
 */
export async function createBlogPages({ graphql, reporter, actions }: Pick<CreatePagesArgs, "graphql" | "reporter" | "actions">): Promise<void> {
  const result = await graphql<ArticlesForPagesQuery>(`
    query ArticlesForPages {
      allBlogPost(sort: { lastUpdate: DESC }) {
        nodes {
          id
          slug
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
    const context: BlogListContext = { currentPage: page, numPages, skip: (page - 1) * POSTS_PER_PAGE, limit: POSTS_PER_PAGE, buildTime: BUILD_STARTED };
    actions.createPage({ path: blogListPath(page), component: path.resolve("src/templates/blog-list.tsx"), context });
  }
  for (const article of articles) {
    const context: BlogArticleContext = { id: article.id };
    actions.createPage({ path: articlePath(article.slug), component: path.resolve("src/templates/blog-article.tsx"), context });
  }
  reporter.info(`${articles.length} published articles on ${numPages} list pages`);
}

/** onCreatePage: Home also answers every path that is not a page of its own ("Any unknown path shows the Home page"). */
export function homeCatchesUnknownPaths({ page, actions }: Pick<CreatePageArgs, "page" | "actions">): void {
  if (page.path === "/" && page.matchPath !== "/*") {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: "/*" });
  }
}
