import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { CHUNK_LOAD_TIMEOUT_MS } from "./src/lib/constants";
import { buildSearchIndex, type IndexableArticle } from "./src/lib/search-index";

/** Home also answers every path that is not a page of its own ("Any unknown path shows the Home page"). */
export const onCreatePage: GatsbyNode["onCreatePage"] = ({ page, actions }) => {
  if (page.path === "/" && page.matchPath !== "/*") {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: "/*" });
  }
};

interface AllBlogPostsQuery {
  allBlogPost: { nodes: IndexableArticle[] };
}

/** Writes /blog-index.json, the search index the blog list fetches when a visitor searches. */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, reporter, store }) => {
  const result = await graphql<AllBlogPostsQuery>(`
    query AllBlogPostsForPages {
      allBlogPost(sort: { lastUpdate: DESC }) {
        nodes {
          documentId
          slug
          title
          categories
          featureImageUrl
          lastUpdate
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the blog articles", result.errors);
    return;
  }
  const articles = result.data.allBlogPost.nodes;
  const { program } = store.getState() as { program: { directory: string } };
  await writeFile(
    path.join(program.directory, "public", "blog-index.json"),
    JSON.stringify(buildSearchIndex(articles)),
  );
  reporter.info(`${articles.length} published articles`);
};

/** Slow mobile networks get 120 s to load a code-split chunk before webpack gives up. */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ actions }) => {
  actions.setWebpackConfig({ output: { chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS } });
};
