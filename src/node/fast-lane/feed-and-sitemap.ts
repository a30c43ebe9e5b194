import { articlePath, escapeHtml, type BlogPost } from "@kindred/article";
import { feedItems, type FeedItem } from "@kindred/publishing";
import { rssItemXml, xmlText } from "../feed";
import { sitemapXml } from "../../lib/sitemap";

// The fast lane's part of the two site-wide files an article edit reaches: the feed (/rss.xml) and
// the sitemap (/sitemap.xml). Both are written by onPostBuild from every article (feed.ts,
// write-sitemap.ts); here the last build's file is taken as it is and only what the edit changes is
// replaced, with the same functions that wrote it, so the text is what the next build writes.
// A body edit keeps the article's place (its lastUpdate), so the feed keeps its order and its
// lastBuildDate; only the article's <item> changes. The sitemap changes only where the article's
// date (updatedOn, else lastUpdate) moved. Anything these two cannot tell from the file is refused.

export type SiteFileEdit = { text: string | null } | { reason: string };

/** The feed with the article's item written again; text null when the item is the same. */
export function feedWithArticle(feed: string, post: BlogPost, siteUrl: string): SiteFileEdit {
  const guid = guidOf(post, siteUrl);
  const found = feedItems(feed).filter((item) => item.text.includes(guid));
  if (found.length === 0) return { reason: "the feed has no item for the article" };
  if (found.length > 1) return { reason: "the feed has two items for the article" };
  const [old] = found as [FeedItem];
  const item = rssItemXml(feedArticle(post), siteUrl);
  return { text: item === old.text ? null : `${feed.slice(0, old.start)}${item}${feed.slice(old.end)}` };
}

/**
 * The feed with the article's item first, written again, as it is after a publish that moved the
 * article to the top of the blog (its lastUpdate newer than every other article's): the item taken
 * out of its place, put before every other, and the channel's lastBuildDate the article's date, as
 * the build writes the feed (newest first, the newest article's date).
 */
export function feedWithArticleFirst(feed: string, post: BlogPost, siteUrl: string): SiteFileEdit {
  const edited = feedWithArticle(feed, post, siteUrl);
  if ("reason" in edited) return edited;
  const text = edited.text ?? feed;
  const item = feedItems(text).find((found) => found.text.includes(guidOf(post, siteUrl)))!;
  return withItemFirst(`${text.slice(0, item.start - 1)}${text.slice(item.end)}`, item.text, post);
}

/**
 * The feed with a new article's item first, as the build writes it once the article is published
 * with a date newer than every other article's; refused when the feed has an item for it already.
 */
export function feedWithNewArticle(feed: string, post: BlogPost, siteUrl: string): SiteFileEdit {
  if (feedItems(feed).some((found) => found.text.includes(guidOf(post, siteUrl))))
    return { reason: "the feed has an item for the article already" };
  return withItemFirst(feed, rssItemXml(feedArticle(post), siteUrl), post);
}

const guidOf = (post: BlogPost, siteUrl: string): string =>
  `<guid isPermaLink="true">${xmlText(`${siteUrl}${articlePath(post.slug)}`)}</guid>`;

/** What the feed's writer reads of an article. */
const feedArticle = (post: BlogPost) => ({
  slug: post.slug,
  title: post.title,
  lastUpdate: post.lastUpdate,
  categories: post.categories,
  description: post.description,
  safeBlocks: post.safeBlocks,
});

/** The feed (without the article's item) with `item` before every other and the article's date as lastBuildDate. */
function withItemFirst(without: string, item: string, post: BlogPost): SiteFileEdit {
  // Each item is on lines of its own, after the channel's <atom:link/> line.
  const header = /\n<atom:link [^\n]*\/>/.exec(without);
  const built = /<lastBuildDate>[^<]*<\/lastBuildDate>/;
  if (!header || !built.test(without)) return { reason: "the feed's channel is not laid out as the build writes it" };
  const at = header.index + header[0].length;
  const first = `${without.slice(0, at)}\n${item}${without.slice(at)}`;
  return { text: first.replace(built, `<lastBuildDate>${new Date(post.lastUpdate).toUTCString()}</lastBuildDate>`) };
}

/** The day the sitemap gives an article: when it was updated, else when it was last published. */
const dayOf = (dates: { lastUpdate: string; updatedOn: string | null }): string =>
  (dates.updatedOn ?? dates.lastUpdate).slice(0, 10);

/**
 * The sitemap with the article's date as it now is; text null when no date it shows changed. The
 * blog list pages show the newest article's day: that moves with the article's when its new day is
 * later, and cannot be worked out here when the article held it and its day went back.
 */
export function sitemapWithArticle(
  sitemap: string,
  before: { lastUpdate: string; updatedOn: string | null },
  post: BlogPost,
  siteUrl: string,
): SiteFileEdit {
  const was = dayOf(before);
  const now = dayOf(post);
  if (was === now) return { text: null };
  const loc = `<url><loc>${escapeHtml(`${siteUrl}${articlePath(post.slug)}`)}</loc>`;
  const entry = `${loc}<lastmod>${was}</lastmod></url>`;
  const at = sitemap.indexOf(entry);
  if (at < 0) return { reason: "the sitemap has no entry for the article with its date" };
  let text = `${sitemap.slice(0, at)}${loc}<lastmod>${now}</lastmod></url>${sitemap.slice(at + entry.length)}`;
  // Every other page under /blog (the list pages) shows the newest day of all articles.
  const lists = new RegExp(
    `(<url><loc>${escapeRegExp(escapeHtml(`${siteUrl}/blog`))}(?!article/)[^<]*</loc><lastmod>)([^<]*)(</lastmod>)`,
    "g",
  );
  const newest = [...text.matchAll(lists)].map((match) => match[2]!);
  if (newest.length > 0) {
    const shown = newest[0]!;
    if (newest.some((day) => day !== shown)) return { reason: "the blog's list pages show different dates" };
    if (now > shown) text = text.replace(lists, `$1${now}$3`);
    else if (was === shown && now < was)
      return { reason: "the article's date went back, and the blog's newest date cannot be told from the sitemap" };
  }
  return { text };
}

/**
 * The sitemap with the pages a new article adds (its own, and a new last list page when it opens
 * one), as the build lists them: every entry in the order of its path, the article's with its day,
 * and every page under /blog but the articles' with the newest day of all articles, which the
 * lists showed or the new article's when that is later. Refused when it lists one of them already.
 */
export function sitemapWithNewPages(
  sitemap: string,
  post: BlogPost,
  listPaths: string[],
  siteUrl: string,
): SiteFileEdit {
  const layout = /^(<\?xml[^>]*\?>\n<urlset [^>]*>)((?:<url>.*?<\/url>)*)(<\/urlset>\n)$/s.exec(sitemap);
  if (!layout) return { reason: "the sitemap is not laid out as the build writes it" };
  const prefix = escapeHtml(siteUrl);
  const entries: { path: string; lastmod: string | undefined }[] = [];
  let read = "";
  for (const [xml, loc, lastmod] of layout[2]!.matchAll(
    /<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g,
  )) {
    if (!loc!.startsWith(prefix)) return { reason: "the sitemap lists a page of another site" };
    entries.push({ path: unescapeHtml(loc!.slice(prefix.length)), lastmod });
    read += xml;
  }
  if (read !== layout[2]) return { reason: "the sitemap is not laid out as the build writes it" };
  const isList = (pagePath: string): boolean => pagePath.startsWith("/blog") && !pagePath.startsWith(articlePath(""));
  const added = [articlePath(post.slug), ...listPaths];
  if (entries.some((entry) => added.includes(entry.path))) return { reason: "the sitemap lists a new page already" };
  const day = dayOf(post);
  const shown = entries.find((entry) => isList(entry.path))?.lastmod;
  const newest = shown !== undefined && shown > day ? shown : day;
  const pages = [
    ...entries.map((entry) => (isList(entry.path) ? { ...entry, lastmod: newest } : entry)),
    { path: added[0]!, lastmod: day },
    ...listPaths.map((pagePath) => ({ path: pagePath, lastmod: newest })),
  ];
  // In the order sitemapEntries gives them.
  pages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { text: sitemapXml(siteUrl, pages) };
}

const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
