import path from "node:path";
import type { CreatePageArgs, CreatePagesArgs, SourceNodesArgs } from "gatsby";
import { blogListPath, pageCount, POSTS_PER_PAGE } from "../lib/pagination";
import { articlePath } from "@kindred/article";
import { similarIdsOf } from "./similar-articles";
import type { BlogListContext } from "../templates/blog-list";
import type { BlogArticleContext } from "../templates/blog-article";
import { cardIndexOf, writeCardIndex, type PageCards } from "./fast-lane/card-index";
import { siteDir } from "./output-files";
import type { RankedArticle } from "./fast-lane/ranking";

/** What the live list asks for changes after when the build has no article at all: everything. */
export const NO_ARTICLES_YET = new Date(0).toISOString();

/**
 * createPages: the blog list pages (/blog, /blog/2, … with 6 cards each) and one page per article.
 *
 * Every context is derived from the content alone, so a build in which nothing changed leaves every
 * page's context, data and HTML as they were. A list page's context carries the node ids of its six
 * articles, newest first, which its query reads by id (so it depends on those six nodes, not on every
 * BlogPost), and the newest lastUpdate it was built with (the live list asks only for articles newer
 * than that), not the time of the build. Answers the articles in that order (the fast lane's ranking).
 * An article page's context is its node id and its similar articles' node ids, all computed here
 * from one query through one index (linear in the number of articles rather than one scan of all
 * articles per article); its template reads those nodes, so its query depends on four BlogPost
 * nodes, not on all of them, and is re-run only when one of them or its list of similar articles changed.
 */
export async function createBlogPages({
  graphql,
  reporter,
  actions,
  store,
}: Pick<CreatePagesArgs, "graphql" | "reporter" | "actions" | "store">): Promise<RankedArticle[] | undefined> {
  // The order of the similar field's own query, so equal dates rank the same way in both.
  const result = await graphql<Queries.ArticlesForPagesQuery>(`
    query ArticlesForPages {
      allBlogPost(sort: { lastUpdate: DESC }) {
        nodes {
          id
          slug
          documentId
          blogId
          categories
          lastUpdate
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not query the blog articles", result.errors);
    return;
  }
  // The article core's SimilarCandidate takes a list it may change; the query's are read-only.
  const articles = result.data.allBlogPost.nodes.map((node) => ({ ...node, categories: [...node.categories] }));
  const numPages = pageCount(articles.length);
  const changesAfter = articles[0]?.lastUpdate ?? NO_ARTICLES_YET;
  const documentIdOf = new Map(articles.map((article) => [article.id, article.documentId]));
  const documentIds = (ids: readonly string[]): string[] => ids.map((id) => documentIdOf.get(id)!);
  const cards: PageCards[] = [];
  for (let page = 1; page <= numPages; page += 1) {
    const ids = articles.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE).map((article) => article.id);
    const context: BlogListContext = { currentPage: page, numPages, ids, changesAfter };
    actions.createPage({ path: blogListPath(page), component: path.resolve("src/templates/blog-list.tsx"), context });
    cards.push({ path: blogListPath(page), documentIds: documentIds(ids) });
  }
  const similar = similarIdsOf(articles);
  for (const article of articles) {
    const context: BlogArticleContext = {
      id: article.id,
      similar: similar.get(article.id) ?? [],
    };
    actions.createPage({
      path: articlePath(article.slug),
      component: path.resolve("src/templates/blog-article.tsx"),
      context,
    });
    cards.push({ path: articlePath(article.slug), documentIds: documentIds(context.similar) });
  }
  // For the fast lane: which pages show each article's card (src/node/fast-lane/card-index.ts).
  await writeCardIndex(siteDir(store), cardIndexOf(cards));
  reporter.info(`${articles.length} published articles on ${numPages} list pages`);
  return articles;
}

/** onCreatePage: Home also answers every path that is not a page of its own ("Any unknown path shows the Home page"). */
export function homeCatchesUnknownPaths({ page, actions }: Pick<CreatePageArgs, "page" | "actions">): void {
  if (page.path === "/" && page.matchPath !== "/*") {
    actions.deletePage(page);
    actions.createPage({ ...page, matchPath: "/*" });
  }
}

/**
 * sourceNodes: keeps the page nodes (SitePage) of the last build through sourcing.
 *
 * Gatsby deletes, after sourcing, every node nobody touched whose owner does not manage its nodes
 * itself, and nobody touches SitePage nodes: every warm build deleted all of them (one event-loop
 * turn each) and createPages made them all again (a write each; docs/measurements.md). Kept, a page created again with the same content only touches its node. Nothing stale
 * survives: createPages still recreates every page, and Gatsby deletes each page it did not
 * recreate, and that page's node with it.
 */
export function keepPageNodes({ getNodesByType, actions }: Pick<SourceNodesArgs, "getNodesByType" | "actions">): void {
  for (const node of getNodesByType("SitePage")) actions.touchNode(node);
}
