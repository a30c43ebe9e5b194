import path from "node:path";
import type { BuildArgs, GatsbyCache } from "gatsby";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type SafeBlock, BlockList, FeedModeContext, escapeHtml, articlePath } from "@kindred/article";
import { FEED_PATH } from "../lib/site-files";
import type { QueryResult } from "../lib/query-results";
import { blogPostsNewestFirst } from "./read-blog-posts";
import { publicDir, siteMetadataOf, writeIfChanged } from "./output-files";

// The blog as an RSS 2.0 feed at /rss.xml: every published article, newest first, with its
// summary, categories and full body. The body is the HTML the build already sanitized
// (packages/article/src/block-sanitizer.ts), rendered by the pages' own block renderer, with site paths made absolute.

/** An article as writeFeed's query returns it: what its item is written from. */
export type FeedArticle = Omit<FeedItemsQuery["allBlogPost"]["nodes"][number], "id">;

type FeedItemsQuery = QueryResult<Queries.BlogFeedItemsQuery>;

export interface FeedChannel {
  siteUrl: string;
  title: string;
  description: string;
}

/** Characters XML 1.0 does not allow anywhere, even escaped; untrusted text may carry them. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or an attribute value. */
export function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML, "")).replace(/'/g, "&apos;");
}

/** HTML inside a CDATA section; a "]]>" in it is split across two sections. */
export function cdata(html: string): string {
  return `<![CDATA[${html.replace(NOT_XML, "").replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** Site paths in href and src made absolute: a feed reader shows the body away from the site. */
export function absoluteUrls(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?![/\\])/g, `$1="${siteUrl}/`);
}

/** An article's whole body as HTML for a feed reader. */
export function articleHtml(blocks: SafeBlock[], siteUrl: string): string {
  // The site's own block renderer, with no classes and every embed as a link.
  const body = createElement(FeedModeContext.Provider, { value: true }, createElement(BlockList, { blocks }));
  return absoluteUrls(renderToStaticMarkup(body), siteUrl);
}

/** RFC 822 dates, as RSS 2.0 asks. */
const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/** One article as an RSS 2.0 <item>. */
export function rssItemXml(article: FeedArticle, siteUrl: string): string {
  const link = `${siteUrl}${articlePath(article.slug)}`;
  return [
    "<item>",
    `<title>${xmlText(article.title)}</title>`,
    `<link>${xmlText(link)}</link>`,
    `<guid isPermaLink="true">${xmlText(link)}</guid>`,
    `<pubDate>${rfc822(article.lastUpdate)}</pubDate>`,
    `<description>${xmlText(article.description)}</description>`,
    ...article.categories.map((category) => `<category>${xmlText(category)}</category>`),
    `<content:encoded>${cdata(articleHtml(article.safeBlocks, siteUrl))}</content:encoded>`,
    "</item>",
  ].join("\n");
}

/** The RSS 2.0 document around items already written as XML, in the order given (newest first). */
export function rssDocument(channel: FeedChannel, itemsXml: string[], builtAt: Date = new Date()): string {
  const { siteUrl } = channel;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "<channel>",
    `<title>${xmlText(channel.title)}</title>`,
    `<link>${xmlText(`${siteUrl}/blog`)}</link>`,
    `<description>${xmlText(channel.description)}</description>`,
    "<language>en</language>",
    `<lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${xmlText(`${siteUrl}${FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...itemsXml,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The RSS 2.0 document for these articles, in the order given (newest first). */
export function rssXml(channel: FeedChannel, articles: FeedArticle[], builtAt: Date = new Date()): string {
  return rssDocument(
    channel,
    articles.map((article) => rssItemXml(article, channel.siteUrl)),
    builtAt,
  );
}

/**
 * The items of the last feed, kept in the site's Gatsby cache: each article's <item> with the
 * digest of the article version it was written from, for one site address. Gatsby empties the
 * cache when the build's code changes (src/node/build-code.ts), so an item never outlives the
 * code that wrote it.
 */
export interface FeedItemsRecord {
  siteUrl: string;
  items: Record<string, { digest: string; xml: string }>;
}

/** Where the feed's items live in the site's Gatsby cache. */
export const FEED_ITEMS_KEY = "rss-feed-items";

/**
 * onPostBuild: writes /rss.xml with every published article, newest first. The channel's
 * lastBuildDate is when its newest article last changed, not the build's time, and the file is
 * written only when its text changes: a build that changed no article leaves the feed as it was,
 * bytes and modification time, for the CDN, feed readers and the release that shares its files.
 *
 * An item carries the article's whole sanitized body, and sanitizing every body again took 2 s
 * at 10,000 articles; items are kept by article version, so only new and changed articles are
 * read in full and written.
 */
export async function writeFeed(
  args: Pick<BuildArgs, "graphql" | "reporter" | "store" | "getNodesByType"> & {
    cache: Pick<GatsbyCache, "get" | "set">;
  },
): Promise<void> {
  const { graphql, reporter, store, cache } = args;
  const { siteUrl, siteName, description } = siteMetadataOf(store);
  if (typeof siteUrl !== "string" || typeof siteName !== "string" || typeof description !== "string") {
    reporter.panicOnBuild("The feed needs siteMetadata.siteUrl, siteName and description in gatsby-config");
    return;
  }
  // Which articles, in which order, and which version of each: straight from the nodes
  // (src/node/read-blog-posts.ts); only the items to write again go through GraphQL.
  const listed = blogPostsNewestFirst(args);
  const previous = (await cache.get(FEED_ITEMS_KEY)) as FeedItemsRecord | undefined;
  const kept = previous?.siteUrl === siteUrl ? previous.items : {};
  const items: FeedItemsRecord["items"] = {};
  /** The articles whose item is written again, with the digest of the version it is written from. */
  const missing = new Map<string, string>();
  for (const { id, internal } of listed) {
    const item = kept[id];
    if (item && item.digest === internal.contentDigest) items[id] = item;
    else missing.set(id, internal.contentDigest);
  }
  if (missing.size > 0) {
    const details = await graphql<FeedItemsQuery, Queries.BlogFeedItemsQueryVariables>(
      `
        query BlogFeedItems($ids: [String!]) {
          allBlogPost(filter: { id: { in: $ids } }) {
            nodes {
              id
              slug
              title
              lastUpdate
              categories
              description
              safeBlocks
            }
          }
        }
      `,
      { ids: [...missing.keys()] },
    );
    if (details.errors || !details.data) {
      reporter.panicOnBuild("Could not query the articles for the feed", details.errors);
      return;
    }
    for (const article of details.data.allBlogPost.nodes) {
      items[article.id] = { digest: missing.get(article.id)!, xml: rssItemXml(article, siteUrl) };
    }
  }
  if (missing.size > 0 || Object.keys(kept).length !== listed.length)
    await cache.set(FEED_ITEMS_KEY, { siteUrl, items } satisfies FeedItemsRecord);
  const newest = listed[0] ? new Date(listed[0].lastUpdate) : new Date();
  const xml = rssDocument(
    { siteUrl, title: `${siteName} blog`, description },
    listed.flatMap(({ id }) => (items[id] ? [items[id].xml] : [])),
    newest,
  );
  const file = path.join(publicDir(store), FEED_PATH);
  const unchanged = !(await writeIfChanged(file, xml));
  reporter.info(
    `${FEED_PATH} lists ${listed.length} articles${unchanged ? ", unchanged" : ""} (${missing.size} items written, ${listed.length - missing.size} kept)`,
  );
}
